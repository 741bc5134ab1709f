/**
 * Industries exactly as the spec lists them (lower-case), each mapped to a sector. Companies of one sector share
 * a vocabulary of specialities and a technology profile, which is what makes lookalike ranking meaningful.
 */
export type Sector =
  | 'software'
  | 'finance'
  | 'health'
  | 'industry'
  | 'education'
  | 'consumer'
  | 'media'
  | 'services'
  | 'public'
  | 'logistics';

export const INDUSTRY_SECTORS: Record<string, Sector> = {
  accounting: 'finance',
  'airlines and aviation': 'logistics',
  'alternative dispute resolution': 'services',
  'alternative medicine': 'health',
  animation: 'media',
  'apparel and fashion': 'consumer',
  'architecture and planning': 'services',
  'armed forces': 'public',
  'automation machinery manufacturing': 'industry',
  automotive: 'industry',
  'aviation & aerospace': 'industry',
  banking: 'finance',
  'beverage manufacturing': 'consumer',
  biotechnology: 'health',
  'biotechnology research': 'health',
  'broadcast media': 'media',
  'building materials': 'industry',
  'business skills training': 'education',
  'business supplies and equipment': 'consumer',
  'capital markets': 'finance',
  'chemical manufacturing': 'industry',
  chemicals: 'industry',
  'civic and social organization': 'public',
  'civil engineering': 'industry',
  'commercial real estate': 'services',
  'computer and network security': 'software',
  'computer games': 'media',
  'computer hardware': 'software',
  'computer hardware manufacturing': 'industry',
  'computer networking': 'software',
  'computer networking products': 'software',
  'computer software': 'software',
  construction: 'industry',
  'consumer electronics': 'consumer',
  'consumer goods': 'consumer',
  'consumer services': 'consumer',
  cosmetics: 'consumer',
  dairy: 'consumer',
  'dairy product manufacturing': 'consumer',
  'defense and space': 'industry',
  design: 'media',
  'design services': 'media',
  'e-learning': 'education',
  'e-learning providers': 'education',
  'education administration programs': 'education',
  'education management': 'education',
  'electrical/electronic manufacturing': 'industry',
  entertainment: 'media',
  'entertainment providers': 'media',
  'environmental services': 'services',
  'events services': 'services',
  'executive office': 'public',
  'facilities services': 'services',
  farming: 'consumer',
  'financial services': 'finance',
  'fine art': 'media',
  fishery: 'consumer',
  'food & beverages': 'consumer',
  'food production': 'consumer',
  'fund-raising': 'public',
  furniture: 'consumer',
  'gambling and casinos': 'media',
  'glass, ceramics and concrete': 'industry',
  'government administration': 'public',
  'government relations': 'public',
  'government relations services': 'public',
  'graphic design': 'media',
  'higher education': 'education',
  'hospital and health care': 'health',
  hospitality: 'consumer',
  'human resources': 'services',
  'human resources services': 'services',
  'individual and family services': 'public',
  'industrial automation': 'industry',
  'industrial automation machinery': 'industry',
  'industrial machinery': 'industry',
  'industrial machinery manufacturing': 'industry',
  'information services': 'software',
  insurance: 'finance',
  'international affairs': 'public',
  'international trade and development': 'logistics',
  internet: 'software',
  'internet publishing': 'media',
  'investment banking': 'finance',
  'investment management': 'finance',
  judiciary: 'public',
  'law enforcement': 'public',
  'law practice': 'services',
  'leasing real estate': 'services',
  'legal services': 'services',
  'leisure, travel and tourism': 'consumer',
  libraries: 'education',
  'logistics and supply chain': 'logistics',
  'luxury goods and jewelry': 'consumer',
  machinery: 'industry',
  'machinery manufacturing': 'industry',
  'management consulting': 'services',
  manufacturing: 'industry',
  maritime: 'logistics',
};

export const INDUSTRIES = Object.keys(INDUSTRY_SECTORS);

/** Industries that most seeded companies are in (weights favour the sectors a sales tool sees most). */
export const SECTOR_WEIGHTS: Record<Sector, number> = {
  software: 30,
  finance: 12,
  health: 10,
  industry: 10,
  education: 6,
  consumer: 10,
  media: 7,
  services: 9,
  public: 3,
  logistics: 3,
};

/** Specialities per sector: companies pick theirs from their sector's list (plus the odd one from anywhere). */
export const SECTOR_SPECIALITIES: Record<Sector, string[]> = {
  software: [
    'SaaS', 'Cloud Computing', 'Machine Learning', 'Data Analytics', 'DevOps', 'Cybersecurity', 'API Platforms',
    'Developer Tools', 'Mobile Apps', 'Enterprise Software', 'Artificial Intelligence', 'Identity Management',
    'Observability', 'Data Engineering', 'Network Infrastructure', 'Open Source', 'B2B Software', 'CRM',
  ],
  finance: [
    'Payments', 'Wealth Management', 'Risk Management', 'Corporate Finance', 'Lending', 'Fintech', 'Insurance',
    'Asset Management', 'Private Equity', 'Tax Advisory', 'Audit', 'Compliance', 'Trading', 'Retail Banking',
  ],
  health: [
    'Telemedicine', 'Clinical Trials', 'Medical Devices', 'Genomics', 'Drug Discovery', 'Patient Care',
    'Health IT', 'Diagnostics', 'Mental Health', 'Pharmaceuticals', 'Wellness', 'Biologics',
  ],
  industry: [
    'Industrial Automation', 'Robotics', 'Supply Chain Optimization', 'Precision Engineering', 'CNC Machining',
    'Lean Manufacturing', 'Quality Control', 'Industrial IoT', 'Materials Science', 'Aerospace Components',
    'Electrical Systems', 'Construction Management', 'Sustainability',
  ],
  education: [
    'Online Learning', 'Curriculum Design', 'Corporate Training', 'EdTech', 'Higher Education', 'Tutoring',
    'Learning Management Systems', 'Professional Certification', 'Student Success', 'Leadership Development',
  ],
  consumer: [
    'E-commerce', 'Retail', 'Consumer Products', 'Direct to Consumer', 'Brand Management', 'Food Service',
    'Hospitality', 'Luxury Goods', 'Subscription Boxes', 'Omnichannel Retail', 'Sustainable Products', 'Travel',
  ],
  media: [
    'Content Production', 'Digital Media', 'Video Production', 'Game Development', 'Animation', 'Branding',
    'Graphic Design', 'Streaming', 'Publishing', 'Social Media Marketing', 'Live Events', 'Creative Services',
  ],
  services: [
    'Management Consulting', 'Strategy', 'Recruitment', 'Legal Advisory', 'Facilities Management',
    'Real Estate Services', 'Human Capital', 'Outsourcing', 'Event Management', 'Environmental Consulting',
    'Dispute Resolution', 'Architecture',
  ],
  public: [
    'Public Policy', 'Community Outreach', 'Nonprofit Management', 'Fundraising', 'Government Services',
    'Public Safety', 'International Development', 'Advocacy', 'Social Services',
  ],
  logistics: [
    'Freight Forwarding', 'Last Mile Delivery', 'Warehousing', 'Fleet Management', 'Customs Brokerage',
    'Shipping', 'Air Cargo', 'Cold Chain', 'Port Operations', 'Logistics Software',
  ],
};

/** Words a sector's company descriptions draw on, so descriptions carry signal too. */
export const SECTOR_PHRASES: Record<Sector, string[]> = {
  software: ['platform', 'developers', 'cloud-native', 'automation', 'engineering teams', 'data pipelines', 'APIs'],
  finance: ['clients', 'portfolios', 'capital', 'regulated markets', 'transactions', 'financial planning'],
  health: ['patients', 'clinicians', 'outcomes', 'care teams', 'research', 'therapies'],
  industry: ['factories', 'production lines', 'components', 'engineering', 'throughput', 'industrial equipment'],
  education: ['learners', 'educators', 'courses', 'classrooms', 'skills', 'curricula'],
  consumer: ['shoppers', 'brands', 'stores', 'customers', 'products', 'experiences'],
  media: ['audiences', 'creators', 'stories', 'studios', 'campaigns', 'content'],
  services: ['organisations', 'advisors', 'projects', 'partners', 'teams', 'stakeholders'],
  public: ['communities', 'citizens', 'programmes', 'volunteers', 'policy', 'public services'],
  logistics: ['shipments', 'carriers', 'routes', 'warehouses', 'fleets', 'supply chains'],
};
