import type { Sector } from './industries';

export interface TechnologyEntry {
  name: string;
  categories: string[];
  website: string;
}

const tech = (name: string, categories: string[], domain: string): TechnologyEntry => ({
  name,
  categories,
  website: `https://${domain}`,
});

/** A small catalogue of real products, title-cased as the spec's `technologies` field shows them. */
export const TECHNOLOGIES: TechnologyEntry[] = [
  tech('Google Analytics', ['Analytics'], 'marketingplatform.google.com'),
  tech('Google Tag Manager', ['Tag Managers'], 'tagmanager.google.com'),
  tech('Cloudflare', ['CDN', 'Security'], 'cloudflare.com'),
  tech('Amazon Web Services', ['PaaS', 'Cloud Hosting'], 'aws.amazon.com'),
  tech('Google Cloud', ['PaaS', 'Cloud Hosting'], 'cloud.google.com'),
  tech('Microsoft Azure', ['PaaS', 'Cloud Hosting'], 'azure.microsoft.com'),
  tech('Kubernetes', ['Containers'], 'kubernetes.io'),
  tech('Docker', ['Containers'], 'docker.com'),
  tech('React', ['JavaScript Frameworks'], 'react.dev'),
  tech('Vue.js', ['JavaScript Frameworks'], 'vuejs.org'),
  tech('Next.js', ['Web Frameworks', 'JavaScript Frameworks'], 'nextjs.org'),
  tech('Node.js', ['Programming Languages'], 'nodejs.org'),
  tech('PostgreSQL', ['Databases'], 'postgresql.org'),
  tech('MongoDB', ['Databases'], 'mongodb.com'),
  tech('Redis', ['Databases', 'Caching'], 'redis.io'),
  tech('Elasticsearch', ['Search Engines'], 'elastic.co'),
  tech('Datadog', ['Monitoring'], 'datadoghq.com'),
  tech('Sentry', ['Issue Trackers', 'Monitoring'], 'sentry.io'),
  tech('GitHub', ['Source Code Management'], 'github.com'),
  tech('Jira', ['Issue Trackers'], 'atlassian.com'),
  tech('Slack', ['Collaboration'], 'slack.com'),
  tech('Okta', ['Identity Management', 'Security'], 'okta.com'),
  tech('Stripe', ['Payment Processors'], 'stripe.com'),
  tech('Segment', ['Customer Data Platform'], 'segment.com'),
  tech('Snowflake', ['Data Warehouses'], 'snowflake.com'),
  tech('Salesforce', ['CRM'], 'salesforce.com'),
  tech('HubSpot', ['Marketing Automation', 'CRM'], 'hubspot.com'),
  tech('Marketo', ['Marketing Automation'], 'marketo.com'),
  tech('Intercom', ['Live Chat', 'Customer Support'], 'intercom.com'),
  tech('Zendesk', ['Customer Support'], 'zendesk.com'),
  tech('Workday', ['HR Software'], 'workday.com'),
  tech('SAP', ['ERP'], 'sap.com'),
  tech('Oracle Database', ['Databases'], 'oracle.com'),
  tech('Microsoft 365', ['Email', 'Productivity'], 'microsoft.com'),
  tech('Google Workspace', ['Email', 'Productivity'], 'workspace.google.com'),
  tech('Shopify', ['E-commerce'], 'shopify.com'),
  tech('Magento', ['E-commerce'], 'business.adobe.com'),
  tech('WooCommerce', ['E-commerce'], 'woocommerce.com'),
  tech('Klaviyo', ['Email Marketing'], 'klaviyo.com'),
  tech('Mailchimp', ['Email Marketing'], 'mailchimp.com'),
  tech('WordPress', ['CMS', 'Blogs'], 'wordpress.org'),
  tech('Contentful', ['CMS'], 'contentful.com'),
  tech('Adobe Experience Manager', ['CMS'], 'business.adobe.com'),
  tech('Hotjar', ['Analytics', 'Heatmaps'], 'hotjar.com'),
  tech('Optimizely', ['A/B Testing'], 'optimizely.com'),
  tech('Epic Systems', ['Electronic Health Records'], 'epic.com'),
  tech('Veeva', ['Life Sciences CRM'], 'veeva.com'),
  tech('Cerner', ['Electronic Health Records'], 'oracle.com'),
  tech('Bloomberg Terminal', ['Financial Data'], 'bloomberg.com'),
  tech('Plaid', ['Financial APIs'], 'plaid.com'),
  tech('Siemens MindSphere', ['Industrial IoT'], 'siemens.com'),
  tech('AutoCAD', ['CAD'], 'autodesk.com'),
  tech('SolidWorks', ['CAD'], 'solidworks.com'),
  tech('Procore', ['Construction Management'], 'procore.com'),
  tech('Canvas LMS', ['Learning Management Systems'], 'instructure.com'),
  tech('Moodle', ['Learning Management Systems'], 'moodle.org'),
  tech('Unity', ['Game Engines'], 'unity.com'),
  tech('Unreal Engine', ['Game Engines'], 'unrealengine.com'),
  tech('Adobe Creative Cloud', ['Design'], 'adobe.com'),
  tech('Figma', ['Design'], 'figma.com'),
  tech('Vimeo', ['Video Players'], 'vimeo.com'),
  tech('Clio', ['Legal Practice Management'], 'clio.com'),
  tech('Yardi', ['Property Management'], 'yardi.com'),
  tech('Salesforce Nonprofit Cloud', ['CRM', 'Fundraising'], 'salesforce.com'),
  tech('Blackbaud', ['Fundraising'], 'blackbaud.com'),
  tech('Manhattan Associates', ['Warehouse Management'], 'manh.com'),
  tech('project44', ['Supply Chain Visibility'], 'project44.com'),
  tech('Samsara', ['Fleet Management'], 'samsara.com'),
];

/** Technologies almost any company runs. */
export const COMMON_TECHNOLOGIES = [
  'Google Analytics', 'Google Tag Manager', 'Cloudflare', 'Microsoft 365', 'Google Workspace', 'Slack',
  'HubSpot', 'Salesforce', 'WordPress', 'Hotjar',
];

/** Technologies typical of a sector. */
export const SECTOR_TECHNOLOGIES: Record<Sector, string[]> = {
  software: [
    'Amazon Web Services', 'Google Cloud', 'Kubernetes', 'Docker', 'React', 'Next.js', 'Node.js', 'PostgreSQL',
    'Redis', 'Datadog', 'Sentry', 'GitHub', 'Jira', 'Okta', 'Segment', 'Snowflake', 'Intercom', 'Stripe', 'MongoDB',
    'Elasticsearch',
  ],
  finance: ['Bloomberg Terminal', 'Plaid', 'Stripe', 'Oracle Database', 'Okta', 'Snowflake', 'Microsoft Azure', 'SAP'],
  health: ['Epic Systems', 'Cerner', 'Veeva', 'Microsoft Azure', 'Okta', 'Zendesk', 'Snowflake'],
  industry: ['SAP', 'Siemens MindSphere', 'AutoCAD', 'SolidWorks', 'Procore', 'Oracle Database', 'Microsoft Azure'],
  education: ['Canvas LMS', 'Moodle', 'Zendesk', 'Mailchimp', 'Vimeo', 'Google Cloud'],
  consumer: ['Shopify', 'Magento', 'WooCommerce', 'Klaviyo', 'Mailchimp', 'Optimizely', 'Zendesk', 'Stripe', 'Segment'],
  media: ['Adobe Creative Cloud', 'Figma', 'Vimeo', 'Unity', 'Unreal Engine', 'Contentful', 'Adobe Experience Manager'],
  services: ['Clio', 'Yardi', 'Workday', 'Marketo', 'Jira', 'Microsoft Azure', 'Zendesk'],
  public: ['Salesforce Nonprofit Cloud', 'Blackbaud', 'Mailchimp', 'Microsoft Azure'],
  logistics: ['Manhattan Associates', 'project44', 'Samsara', 'SAP', 'Oracle Database', 'Amazon Web Services'],
};
