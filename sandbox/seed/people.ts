/** Vocabulary for people: departments with their titles and skills, seniorities, schools, interests. */

export interface Department {
  /** Value of `job.department`. */
  name: string;
  /** Value of `job.functions`. */
  functions: string[];
  /** Title stems; a seniority word is put in front (`Senior Software Engineer`, `VP of Sales`). */
  roles: string[];
  /** Head-of title (`Engineering`, `Sales`, …). */
  area: string;
  skills: string[];
}

export const DEPARTMENTS: Department[] = [
  {
    name: 'engineering',
    functions: ['engineering', 'information_technology'],
    roles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Data Engineer', 'Site Reliability Engineer', 'Machine Learning Engineer'],
    area: 'Engineering',
    skills: ['TypeScript', 'Python', 'Go', 'Kubernetes', 'PostgreSQL', 'React', 'Distributed Systems', 'AWS', 'Machine Learning', 'CI/CD', 'System Design', 'Rust', 'Java', 'GraphQL'],
  },
  {
    name: 'sales',
    functions: ['sales', 'business_development'],
    roles: ['Account Executive', 'Sales Development Representative', 'Account Manager', 'Solutions Consultant', 'Business Development Manager'],
    area: 'Sales',
    skills: ['B2B Sales', 'Negotiation', 'Salesforce', 'Pipeline Management', 'Prospecting', 'Enterprise Sales', 'Account Management', 'Cold Calling', 'Sales Strategy', 'Closing'],
  },
  {
    name: 'marketing',
    functions: ['marketing'],
    roles: ['Marketing Manager', 'Growth Marketer', 'Content Strategist', 'Product Marketing Manager', 'Demand Generation Manager', 'SEO Specialist'],
    area: 'Marketing',
    skills: ['SEO', 'Content Marketing', 'HubSpot', 'Google Analytics', 'Brand Strategy', 'Copywriting', 'Paid Social', 'Marketing Automation', 'Product Marketing', 'Email Marketing'],
  },
  {
    name: 'finance',
    functions: ['finance', 'accounting'],
    roles: ['Financial Analyst', 'Controller', 'Accountant', 'FP&A Manager', 'Treasury Analyst'],
    area: 'Finance',
    skills: ['Financial Modeling', 'Excel', 'Budgeting', 'Forecasting', 'GAAP', 'IFRS', 'Audit', 'Valuation', 'SAP', 'Tax'],
  },
  {
    name: 'human_resources',
    functions: ['human_resources'],
    roles: ['Recruiter', 'Talent Acquisition Partner', 'HR Business Partner', 'People Operations Manager'],
    area: 'People',
    skills: ['Recruiting', 'Talent Acquisition', 'Employee Relations', 'Workday', 'Onboarding', 'Compensation', 'Interviewing', 'Employer Branding'],
  },
  {
    name: 'operations',
    functions: ['operations'],
    roles: ['Operations Manager', 'Supply Chain Analyst', 'Program Manager', 'Business Operations Analyst', 'Logistics Coordinator'],
    area: 'Operations',
    skills: ['Process Improvement', 'Lean Six Sigma', 'Project Management', 'Supply Chain', 'Vendor Management', 'Logistics', 'Operations Strategy', 'SQL'],
  },
  {
    name: 'product',
    functions: ['product_management'],
    roles: ['Product Manager', 'Product Owner', 'Technical Product Manager', 'Product Analyst'],
    area: 'Product',
    skills: ['Product Strategy', 'Roadmapping', 'User Research', 'Agile', 'Scrum', 'A/B Testing', 'Product Analytics', 'Jira', 'SQL'],
  },
  {
    name: 'design',
    functions: ['design'],
    roles: ['Product Designer', 'UX Researcher', 'UI Designer', 'Brand Designer'],
    area: 'Design',
    skills: ['Figma', 'User Experience', 'Prototyping', 'Design Systems', 'Usability Testing', 'Illustration', 'Interaction Design', 'Accessibility'],
  },
  {
    name: 'customer_success',
    functions: ['customer_service', 'support'],
    roles: ['Customer Success Manager', 'Support Engineer', 'Implementation Specialist', 'Customer Support Lead'],
    area: 'Customer Success',
    skills: ['Customer Retention', 'Zendesk', 'Onboarding', 'Customer Experience', 'Technical Support', 'Renewals', 'Intercom', 'Training'],
  },
  {
    name: 'legal',
    functions: ['legal'],
    roles: ['Corporate Counsel', 'Paralegal', 'Compliance Manager', 'Privacy Counsel'],
    area: 'Legal',
    skills: ['Contract Negotiation', 'Compliance', 'GDPR', 'Corporate Law', 'Litigation', 'Intellectual Property', 'Regulatory Affairs'],
  },
];

export interface Seniority {
  /** Value of `job.seniority`. */
  level: string;
  /** How a title is formed from a department at this level. */
  title: (role: string, area: string) => string;
  weight: number;
  /** Typical years of experience. */
  years: [number, number];
}

export const SENIORITIES: Seniority[] = [
  { level: 'intern', title: (role) => `${role} Intern`, weight: 3, years: [0, 1] },
  { level: 'entry', title: (role) => `Junior ${role}`, weight: 14, years: [0, 3] },
  { level: 'senior', title: (role) => `Senior ${role}`, weight: 30, years: [4, 12] },
  { level: 'manager', title: (_role, area) => `${area} Manager`, weight: 18, years: [5, 15] },
  { level: 'director', title: (_role, area) => `Director of ${area}`, weight: 12, years: [8, 20] },
  { level: 'head', title: (_role, area) => `Head of ${area}`, weight: 7, years: [8, 20] },
  { level: 'vp', title: (_role, area) => `VP of ${area}`, weight: 6, years: [10, 25] },
  { level: 'c_suite', title: (_role, area) => C_SUITE[area] ?? `Chief ${area} Officer`, weight: 3, years: [12, 30] },
  { level: 'owner', title: () => 'Founder & CEO', weight: 2, years: [6, 30] },
];

const C_SUITE: Record<string, string> = {
  Engineering: 'Chief Technology Officer',
  Sales: 'Chief Revenue Officer',
  Marketing: 'Chief Marketing Officer',
  Finance: 'Chief Financial Officer',
  People: 'Chief People Officer',
  Operations: 'Chief Operating Officer',
  Product: 'Chief Product Officer',
  Design: 'Chief Design Officer',
  'Customer Success': 'Chief Customer Officer',
  Legal: 'General Counsel',
};

export const SCHOOLS: Array<{ name: string; location: string; website: string; type: string }> = [
  { name: 'Stanford University', location: 'Stanford, California', website: 'https://www.stanford.edu', type: 'university' },
  { name: 'Massachusetts Institute of Technology', location: 'Cambridge, Massachusetts', website: 'https://www.mit.edu', type: 'university' },
  { name: 'University of California, Berkeley', location: 'Berkeley, California', website: 'https://www.berkeley.edu', type: 'university' },
  { name: 'University of Texas at Austin', location: 'Austin, Texas', website: 'https://www.utexas.edu', type: 'university' },
  { name: 'New York University', location: 'New York, New York', website: 'https://www.nyu.edu', type: 'university' },
  { name: 'University of Michigan', location: 'Ann Arbor, Michigan', website: 'https://umich.edu', type: 'university' },
  { name: 'University of Toronto', location: 'Toronto, Ontario', website: 'https://www.utoronto.ca', type: 'university' },
  { name: 'University of Oxford', location: 'Oxford, England', website: 'https://www.ox.ac.uk', type: 'university' },
  { name: 'Imperial College London', location: 'London, England', website: 'https://www.imperial.ac.uk', type: 'university' },
  { name: 'Technical University of Munich', location: 'Munich, Bavaria', website: 'https://www.tum.de', type: 'university' },
  { name: 'Sorbonne University', location: 'Paris, Île-de-France', website: 'https://www.sorbonne-universite.fr', type: 'university' },
  { name: 'University of Amsterdam', location: 'Amsterdam, North Holland', website: 'https://www.uva.nl', type: 'university' },
  { name: 'Trinity College Dublin', location: 'Dublin, Leinster', website: 'https://www.tcd.ie', type: 'university' },
  { name: 'KTH Royal Institute of Technology', location: 'Stockholm, Stockholm County', website: 'https://www.kth.se', type: 'university' },
  { name: 'University of Sydney', location: 'Sydney, New South Wales', website: 'https://www.sydney.edu.au', type: 'university' },
  { name: 'National University of Singapore', location: 'Singapore', website: 'https://nus.edu.sg', type: 'university' },
  { name: 'Indian Institute of Science', location: 'Bengaluru, Karnataka', website: 'https://iisc.ac.in', type: 'university' },
  { name: 'IE Business School', location: 'Madrid, Community of Madrid', website: 'https://www.ie.edu', type: 'business school' },
  { name: 'INSEAD', location: 'Fontainebleau, Île-de-France', website: 'https://www.insead.edu', type: 'business school' },
  { name: 'General Assembly', location: 'New York, New York', website: 'https://generalassemb.ly', type: 'bootcamp' },
];

export const DEGREES = ['Bachelor of Science', 'Bachelor of Arts', 'Master of Science', 'Master of Business Administration', 'Bachelor of Engineering', 'PhD'];

export const MAJORS = ['Computer Science', 'Economics', 'Business Administration', 'Mechanical Engineering', 'Psychology', 'Marketing', 'Finance', 'Mathematics', 'Design', 'Law', 'Biology', 'Statistics', 'Communications', 'Political Science'];

export const INTERESTS = ['hiking', 'photography', 'open source', 'chess', 'running', 'cycling', 'cooking', 'travel', 'climate tech', 'mentoring', 'jazz', 'startups', 'sailing', 'reading', 'board games', 'yoga', 'public speaking', 'volunteering'];

export const OTHER_LANGUAGES = ['Spanish', 'French', 'German', 'Portuguese', 'Japanese', 'Mandarin', 'Italian', 'Arabic'];

export const CERTIFICATIONS = ['AWS Certified Solutions Architect', 'PMP', 'Certified Scrum Master', 'Google Analytics Certification', 'CFA Level II', 'CPA', 'HubSpot Inbound Certification', 'Salesforce Certified Administrator', 'CISSP', 'SHRM-CP'];

export const PERSONAL_EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com'];
