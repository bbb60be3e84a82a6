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
