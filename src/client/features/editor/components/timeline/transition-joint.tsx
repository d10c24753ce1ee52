import { Blend } from 'lucide-react';
import { DEFAULT_TRANSITION_SECONDS, RANGES, TRANSITION_KINDS, type TransitionKind } from '@shared/editor/editor-constants';
import type { Shot } from '@shared/editor/editor-state';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import { useEditor } from '../../store/editor-context';
import { ValueSlider } from '../value-slider';

const TRANSITION_NAMES: Record<TransitionKind, string> = {
  cut: 'Cut',
  crossfade: 'Crossfade',
  'fade-black': 'Fade through black',
  'slide-left': 'Slide left',
  'slide-up': 'Slide up',
  zoom: 'Zoom',
};

interface TransitionJointProps {
  /** The shot the joint leads into: its transition is how it comes in. */
  shot: Shot;
  index: number;
  /** px from the lane's start. */
  left: number;
}

/**
 * The joint between two shots on the video lane: a button that opens the choice of how the next shot comes in
 * (a cut, or a transition and its length). The export and the player draw it alike.
 */
export function TransitionJoint({ shot, index, left }: TransitionJointProps) {
  const { dispatch } = useEditor();
  const { kind, duration } = shot.transition;
  const name = TRANSITION_NAMES[kind];
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={`Transition into shot ${index + 1}: ${name}`}
          title={`Transition into shot ${index + 1}: ${name}`}
          data-testid="transition-joint"
          style={{ left }}
          className={cn(
            'absolute top-1/2 z-20 grid size-5 -translate-1/2 place-items-center rounded-full border border-black/60 shadow outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:size-8',
            kind === 'cut' ? 'bg-white/80 text-black' : 'bg-primary text-primary-foreground',
          )}
          onPointerDown={(event) => {
            event.stopPropagation();
          }}
        >
          <Blend className="size-3" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label={`Transition into shot ${index + 1}`} className="grid gap-3">
        <RadioGroup
          aria-label="Transition"
          className="grid-cols-2"
          value={kind}
          onValueChange={(value) => {
            dispatch({ type: 'setTransition', id: shot.id, kind: value as TransitionKind, duration: kind === 'cut' ? DEFAULT_TRANSITION_SECONDS : duration });
          }}
        >
          {TRANSITION_KINDS.map((option) => (
            <RadioTile key={option} value={option} className="px-2 text-xs">
              {TRANSITION_NAMES[option]}
            </RadioTile>
          ))}
        </RadioGroup>
        {kind !== 'cut' && (
          <ValueSlider
            label="Transition length"
            value={duration}
            range={RANGES.transitionDuration}
            format={(seconds) => `${seconds.toFixed(1)} s`}
            onChange={(seconds, gesture) => {
              dispatch({ type: 'setTransition', id: shot.id, kind, duration: seconds, gesture });
            }}
          />
        )}
        <p className="text-xs text-muted-foreground">A transition never takes more than half of either shot.</p>
      </PopoverContent>
    </Popover>
  );
}
