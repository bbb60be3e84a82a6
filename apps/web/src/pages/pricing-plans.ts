/** Spec section 3 "Pricing plan" and section 9's constants. */
export interface PlanFeature {
  text: string;
  included: boolean;
  tooltip?: string;
}

export interface PricingPlan {
  title: string;
  price: number;
  yearly: number;
  description: string;
  features: PlanFeature[];
  ctaText: string;
  popular: boolean;
}

export const PLANS: readonly PricingPlan[] = [
  {
    title: 'Free',
    price: 0,
    yearly: 0,
    description: 'Try Voxlate on your first videos.',
    ctaText: 'Start Free',
    popular: false,
    features: [
      { text: '10 minutes of translation per month', included: true },
      { text: '2 languages', included: true },
      {
        text: 'Standard lip sync',
        included: true,
        tooltip: 'Mouth movements follow the new audio at standard quality.',
      },
      { text: 'File uploads only', included: true },
      { text: 'Basic email support', included: true },
      { text: 'HD video', included: false },
      { text: 'YouTube/TikTok integration', included: false },
      { text: 'Priority processing', included: false },
    ],
  },
  {
    title: 'Creator',
    price: 29,
    yearly: 23,
    description: 'For creators publishing every week.',
    ctaText: 'Choose Creator',
    popular: true,
    features: [
      { text: '2 hours per month', included: true },
      { text: '5 languages', included: true },
      { text: 'Advanced lip sync', included: true, tooltip: 'Finer mouth shapes matched to each sound.' },
      { text: 'File uploads and URL imports', included: true },
      { text: 'Priority email support', included: true },
      { text: 'HD video', included: true },
      { text: 'YouTube/TikTok integration', included: true },
      { text: 'Priority processing', included: true, tooltip: 'Your jobs go ahead of free jobs in the queue.' },
    ],
  },
  {
    title: 'Professional',
    price: 99,
    yearly: 79,
    description: 'For teams and channels in many markets.',
    ctaText: 'Choose Professional',
    popular: false,
    features: [
      { text: '10 hours per month', included: true },
      { text: 'All languages', included: true },
      { text: 'Premium lip sync', included: true, tooltip: 'Our best lip sync, for close-ups.' },
      { text: 'All import methods', included: true },
      { text: 'Priority support with 24-hour response', included: true },
      { text: '4K video', included: true },
      { text: 'All platform integrations', included: true },
      { text: 'Express processing', included: true, tooltip: 'Your jobs start first.' },
      { text: 'Basic analytics', included: true },
      { text: '3 team seats', included: true },
    ],
  },
];

export const FAQ: readonly [string, string][] = [
  [
    'Can I change plans at any time?',
    'Yes. Upgrades take effect at once and are prorated; downgrades apply at your next billing date.',
  ],
  [
    'What happens if I go over my monthly minutes?',
    'You can buy extra minutes, or wait for your minutes to reset at the start of the next month.',
  ],
  ['Is there a money-back guarantee?', 'Yes: every paid plan has a 7-day money-back guarantee.'],
  ['How does yearly billing work?', 'Yearly billing saves 20% against paying monthly, billed once a year.'],
];

/**
 * What this product really gives for each plan feature (the plans are the spec's; a
 * self-hosted Voxlate bills nothing and meters nothing): features it lacks are marked as not
 * available, never sold; the others say what this installation does.
 */
/** Every plan here gets the same lip sync: the plans' three levels are not three engines. */
const SAME_LIP_SYNC = 'Every plan here gets the same lip sync: the speaker’s own mouth, moved to the new words.';

export const HERE: Readonly<Record<string, { available: boolean; note: string }>> = {
  '10 minutes of translation per month': { available: true, note: 'Not metered here: no monthly limit.' },
  '2 hours per month': { available: true, note: 'Not metered here: no monthly limit.' },
  '10 hours per month': { available: true, note: 'Not metered here: no monthly limit.' },
  '2 languages': { available: true, note: 'All 11 dub languages here.' },
  '5 languages': { available: true, note: 'All 11 dub languages here.' },
  'All languages': { available: true, note: 'The 11 dub languages listed on the home page.' },
  'Standard lip sync': { available: true, note: SAME_LIP_SYNC },
  'Advanced lip sync': { available: true, note: SAME_LIP_SYNC },
  'Premium lip sync': { available: true, note: SAME_LIP_SYNC },
  'File uploads only': { available: true, note: 'Uploads and direct links here.' },
  'File uploads and URL imports': { available: true, note: 'Direct links to a media file; not web pages.' },
  'All import methods': { available: true, note: 'Uploads and direct links to a media file.' },
  'HD video': { available: true, note: 'The picture is kept at its own resolution.' },
  '4K video': { available: true, note: 'The picture is kept at its own resolution (150 MB uploads).' },
  'Basic email support': { available: false, note: '' },
  'Priority email support': { available: false, note: '' },
  'Priority support with 24-hour response': { available: false, note: '' },
  'YouTube/TikTok integration': { available: false, note: '' },
  'All platform integrations': { available: false, note: '' },
  'Priority processing': { available: false, note: '' },
  'Express processing': { available: false, note: '' },
  'Basic analytics': { available: false, note: '' },
  '3 team seats': { available: false, note: '' },
};
