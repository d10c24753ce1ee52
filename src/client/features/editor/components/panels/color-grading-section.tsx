import { RANGES } from '@shared/editor/editor-constants';
import { DEFAULT_COLOR_GRADING } from '@shared/editor/editor-state';
import type { GradeKey } from '../../store/edit-actions';
import { useEditor } from '../../store/editor-context';
import { ValueSlider } from '../value-slider';

const GRADES: { key: GradeKey; label: string }[] = [
  { key: 'brightness', label: 'Brightness' },
  { key: 'contrast', label: 'Contrast' },
  { key: 'saturation', label: 'Saturation' },
];

export function ColorGradingSection() {
  const { store, dispatch } = useEditor();
  const grading = store.present.colorGrading;

  return (
    <div className="grid gap-4">
      {GRADES.map(({ key, label }) => (
        <ValueSlider
          key={key}
          label={label}
          value={grading[key]}
          range={RANGES.grade}
          onChange={(value, gesture) => dispatch({ type: 'setColorGrade', key, value, gesture })}
          onReset={() => dispatch({ type: 'resetColorGrade', key })}
          resetDisabled={grading[key] === DEFAULT_COLOR_GRADING[key]}
        />
      ))}
    </div>
  );
}
