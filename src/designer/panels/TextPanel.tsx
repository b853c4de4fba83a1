/**
 * The text design panel: the text,
 * typeface, Text/Outline/Shadow colours, letter spacing, outline weight, shadow distance and
 * angle, alignment. Typing follows the text-editing rules of text-rules.ts.
 */
import { useId, useState } from 'react';
import { createTextElement, shadowOffset, TEXT_DEFAULTS, TEXT_LIMITS, type TextAlign, type TextElement } from '@pod-studio/engine';
import type { Editor } from '../editor';
import { FontPicker } from './FontPicker';
import { alignmentEnabled, charSpacingOf, clampTo, initialFontSize, letterSpacingOf, planTextInput, shadowControlsOf } from './text-rules';
import { useSelected } from './useSelected';

type Style = Pick<TextElement, 'fill' | 'fontFamily' | 'charSpacing' | 'stroke' | 'strokeWidth' | 'shadow' | 'textAlign'>;

const DEFAULT_STYLE: Style = {
  fill: TEXT_DEFAULTS.fill,
  fontFamily: TEXT_DEFAULTS.fontFamily,
  charSpacing: 0,
  stroke: null,
  strokeWidth: TEXT_DEFAULTS.strokeWidth,
  shadow: null,
  textAlign: 'left',
};
const SHADOW_BLUR = 4;

export function TextPanel({ editor }: { editor: Editor }) {
  const ids = useId();
  const { element, flat, activeFlatId } = useSelected(editor);
  const text = element?.type === 'text' ? element : null;
  // Style for the next new text while none is selected (the controls still work).
  const [pending, setPending] = useState<Style>(DEFAULT_STYLE);
  const style: Style = text ?? pending;
  const value = text?.text ?? '';
  const canText = !flat || flat.flatData.text === 1;

  const setStyle = (patch: Partial<Style>, merge?: string) => {
    if (text) editor.updateElement(text.localId, patch, merge ? { merge: `${merge}:${text.localId}` } : {});
    else setPending((s) => ({ ...s, ...patch }));
  };

  const onText = (next: string) => {
    const plan = planTextInput(text, next, style.textAlign);
    if (plan.kind === 'add') {
      const size = flat?.flatData ?? { width: 800, height: 800 };
      const el = createTextElement({
        flatId: activeFlatId,
        text: plan.text,
        textLines: plan.textLines,
        ...pending,
        fontSize: initialFontSize(size, TEXT_DEFAULTS.fontSize),
        textAlign: alignmentEnabled(plan.text) ? pending.textAlign : 'left',
        originX: 'center',
        originY: 'center',
        left: size.width / 2,
        top: size.height / 2,
      });
      editor.addElement(activeFlatId, el, { select: true });
    } else if (plan.kind === 'update') {
      editor.updateElement(plan.localId, plan.patch, { merge: `text:${plan.localId}` });
    } else if (plan.kind === 'remove') {
      editor.removeElements([plan.localId]);
    }
  };

  const shadow = shadowControlsOf(style.shadow);
  const setShadow = (next: { color?: string; distance?: number; angle?: number }, merge?: string) => {
    const color = next.color ?? style.shadow?.color ?? '#000000';
    const distance = clampTo(next.distance ?? shadow.distance, TEXT_LIMITS.shadowDistanceMin, TEXT_LIMITS.shadowDistanceMax);
    const angle = clampTo(next.angle ?? shadow.angle, TEXT_LIMITS.shadowAngleMin, TEXT_LIMITS.shadowAngleMax);
    setStyle({ shadow: { color, blur: SHADOW_BLUR, ...shadowOffset(distance, angle) } }, merge);
  };
  const aligned = alignmentEnabled(value);

  return (
    <div className="dz-panel dz-text-panel">
      {!canText && (
        <p className="muted small" role="note">
          This print area takes no text.
        </p>
      )}
      <label className="dz-field" htmlFor={`${ids}-text`}>
        Enter your text (press enter to wrap)
      </label>
      <textarea
        id={`${ids}-text`}
        className="dz-textarea"
        rows={3}
        placeholder="Start typing here"
        value={value}
        disabled={!canText}
        onChange={(e) => onText(e.target.value)}
        onBlur={() => editor.seal()}
      />

      <FontPicker value={style.fontFamily} onChange={(fontFamily) => setStyle({ fontFamily })} />

      <div className="dz-row">
        <label className="dz-color">
          Text <input type="color" value={style.fill} onChange={(e) => setStyle({ fill: e.target.value.toUpperCase() }, 'fill')} />
        </label>
        <label className="dz-color">
          Outline{' '}
          <input
            type="color"
            value={style.stroke ?? '#000000'}
            onChange={(e) => setStyle({ stroke: e.target.value.toUpperCase() }, 'stroke')}
          />
        </label>
        <label className="dz-color">
          Shadow{' '}
          <input
            type="color"
            value={style.shadow?.color ?? '#000000'}
            onChange={(e) => setShadow({ color: e.target.value.toUpperCase() }, 'shadowColor')}
          />
        </label>
      </div>

      <div className="dz-row">
        <label className="dz-num">
          Letter spacing
          <input
            type="number"
            min={TEXT_LIMITS.letterSpacingMin}
            step={TEXT_LIMITS.letterSpacingStep}
            value={letterSpacingOf(style.charSpacing)}
            onChange={(e) =>
              setStyle({ charSpacing: charSpacingOf(Math.max(TEXT_LIMITS.letterSpacingMin, Number(e.target.value) || 0)) }, 'spacing')
            }
          />
        </label>
      </div>

      <div className="dz-row">
        <label className="dz-check-inline">
          <input
            type="checkbox"
            checked={style.stroke !== null}
            onChange={(e) => setStyle({ stroke: e.target.checked ? (style.stroke ?? '#000000') : null })}
          />{' '}
          Outline
        </label>
        <label className="dz-num">
          Outline weight
          <input
            type="number"
            min={TEXT_LIMITS.outlineMin}
            max={TEXT_LIMITS.outlineMax}
            step={TEXT_LIMITS.outlineStep}
            value={style.strokeWidth}
            disabled={style.stroke === null}
            onChange={(e) =>
              setStyle(
                { strokeWidth: clampTo(Math.round(Number(e.target.value)), TEXT_LIMITS.outlineMin, TEXT_LIMITS.outlineMax) },
                'outline',
              )
            }
          />
        </label>
      </div>

      <div className="dz-row">
        <label className="dz-check-inline">
          <input
            type="checkbox"
            checked={style.shadow !== null}
            onChange={(e) => (e.target.checked ? setShadow({ distance: shadow.distance || 0.5 }) : setStyle({ shadow: null }))}
          />{' '}
          Shadow
        </label>
        <label className="dz-num">
          Shadow distance
          <input
            type="number"
            min={TEXT_LIMITS.shadowDistanceMin}
            max={TEXT_LIMITS.shadowDistanceMax}
            step={TEXT_LIMITS.shadowDistanceStep}
            value={shadow.distance}
            disabled={style.shadow === null}
            onChange={(e) => setShadow({ distance: Number(e.target.value) }, 'shadowDistance')}
          />
        </label>
        <label className="dz-num">
          Shadow angle
          <input
            type="number"
            min={TEXT_LIMITS.shadowAngleMin}
            max={TEXT_LIMITS.shadowAngleMax}
            step={TEXT_LIMITS.shadowAngleStep}
            value={shadow.angle}
            disabled={style.shadow === null}
            onChange={(e) => setShadow({ angle: Number(e.target.value) }, 'shadowAngle')}
          />
        </label>
      </div>

      <div className="dz-row" role="group" aria-label="Alignment">
        {(['left', 'center', 'right'] as TextAlign[]).map((a) => (
          <button
            key={a}
            type="button"
            className={`btn small${style.textAlign === a && aligned ? ' primary' : ''}`}
            aria-pressed={aligned && style.textAlign === a}
            disabled={!aligned}
            onClick={() => setStyle({ textAlign: a })}
          >
            {a === 'left' ? 'Align left' : a === 'center' ? 'Align centre' : 'Align right'}
          </button>
        ))}
      </div>
      {!aligned && <p className="muted small">Alignment works with two or more lines.</p>}
    </div>
  );
}
