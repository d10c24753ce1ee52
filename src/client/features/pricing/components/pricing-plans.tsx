import type { ReactNode } from 'react';
import { NEW_USER_CREDITS } from '@shared/constants';
import { generationCost, SEGMENT_SECONDS } from '@shared/generation';
import { WATERMARK_TEXT } from '@shared/product';
import { EXTENSION_SECONDS, extensionCredits, SUGGESTION_COST } from '@shared/schemas/ai';
import { PlanCard, type PlanFeature } from './plan-card';
import { ProPrice } from './pro-price';

// SPEC §5 and §9: what each plan may do, with the figures the server charges.
const FREE_FEATURES: readonly PlanFeature[] = [
  { text: `${String(NEW_USER_CREDITS)} credits when you sign up`, included: true },
  { text: `Videos cost credits: ${String(generationCost(SEGMENT_SECONDS))} per ${String(SEGMENT_SECONDS)}-second segment`, included: true },
  { text: `“${WATERMARK_TEXT}” watermark on preview and export`, included: false },
  { text: 'Exports up to 1080p (no 4K)', included: false },
  {
    text: `AI tools cost credits: ${String(extensionCredits(EXTENSION_SECONDS))} per extension, ${String(SUGGESTION_COST)} per applied suggestion`,
    included: false,
  },
];

const PRO_FEATURES: readonly PlanFeature[] = [
  { text: 'Unlimited generations: no credits to count', included: true },
  { text: 'No watermark on preview or export', included: true },
  { text: '4K export, with the 4K Pro preset', included: true },
  { text: 'Free AI tools: extensions, suggestions and images cost nothing', included: true },
];

interface PricingPlansProps {
  /** What the Free card offers this visitor (sign up, or that it is their plan). */
  freeAction: ReactNode;
  /** What the Pro card offers: Upgrade, log in first, or that they are on Pro. */
  proAction: ReactNode;
}

export function PricingPlans({ freeAction, proAction }: PricingPlansProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Plans and pricing</h1>
        <p className="mx-auto mt-4 max-w-xl text-muted-foreground text-balance">
          Start free with credits. Go Pro for unlimited videos without a watermark.
        </p>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <PlanCard
          name="Free"
          tagline="Try it out, pay nothing"
          price={<p className="text-4xl font-bold tracking-tight">Free</p>}
          features={FREE_FEATURES}
          action={freeAction}
        />
        <PlanCard name="Pro" tagline="For creators who post every day" price={<ProPrice />} features={PRO_FEATURES} action={proAction} highlighted />
      </div>
    </div>
  );
}
