/**
 * The Personalisation panel: marks the selected text or picture as one a buyer personalises in
 * the store (the buyer's widget), with the label the buyer sees, whether it is required, and the
 * limits: a text's most characters and the typefaces and colours offered, or a choice among
 * texts, colours or pictures the merchant provides. The rule is stored on the element
 * (`personalize`) through the editor, so it is undone, drafted and saved like any other change.
 */
import { useId, useState } from 'react';
import { BUNDLED_FONTS, PERSONALIZE_LIMITS, type DesignElement, type PersonalizeOption, type PersonalizeRule } from '@pod-studio/engine';
import type { Editor } from '../editor';
import { designerApi } from '../../api/designer';
import { defaultRule, newTextOption, ruleProblem, toggled } from './personalize-rules';
import { useSelected } from './useSelected';
import './personalize.css';

export function PersonalizePanel({ editor }: { editor: Editor }) {
  const ids = useId();
  const { element } = useSelected(editor);
  return (
    <section className="dz-panel dz-personalize" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Personalisation</h3>
      {element ? (
        <RuleEditor key={element.localId} editor={editor} element={element} />
      ) : (
        <p className="muted small">Select a text or a picture to let your buyers personalise it.</p>
      )}
    </section>
  );
}

function RuleEditor({ editor, element }: { editor: Editor; element: DesignElement }) {
  const ids = useId();
  const rule = element.personalize ?? null;
  const isText = element.type === 'text';
  const set = (next: PersonalizeRule | undefined, merge?: string) =>
    editor.updateElement(element.localId, { personalize: next }, merge ? { merge: `personalize:${merge}:${element.localId}` } : {});
  // The rule comes from a render snapshot (tracking proxies the editor's history cannot clone): edits go in as plain copies.
  const patch = (p: Partial<PersonalizeRule>, merge?: string) => rule && set(plainCopy({ ...rule, ...p }), merge);
  const problem = rule ? ruleProblem(element, rule) : null;

  return (
    <div className="dz-personalize-rule">
      <label className="dz-check-inline">
        <input type="checkbox" checked={rule !== null} onChange={(e) => set(e.target.checked ? defaultRule(element) : undefined)} /> Buyers
        personalise this {isText ? 'text' : 'picture'}
      </label>
      {rule && (
        <>
          <label className="dz-field" htmlFor={`${ids}-label`}>
            Label buyers see
          </label>
          <input
            id={`${ids}-label`}
            className="dz-input"
            value={rule.label}
            maxLength={PERSONALIZE_LIMITS.labelMax}
            onChange={(e) => patch({ label: e.target.value }, 'label')}
          />
          <label className="dz-check-inline">
            <input type="checkbox" checked={rule.required} onChange={(e) => patch({ required: e.target.checked })} /> Required
          </label>
          <fieldset className="dz-fieldset">
            <legend>Buyers</legend>
            <label className="dz-check-inline">
              <input
                type="radio"
                name={`${ids}-kind`}
                checked={rule.kind === 'input'}
                onChange={() => patch({ kind: 'input', options: [] })}
              />{' '}
              {isText ? 'type their own text' : 'upload their own picture'}
            </label>
            <label className="dz-check-inline">
              <input
                type="radio"
                name={`${ids}-kind`}
                checked={rule.kind === 'choice'}
                onChange={() =>
                  patch({
                    kind: 'choice',
                    fonts: [],
                    colors: [],
                    options: isText ? [newTextOption(element, 0), { label: 'Option 2', text: '' }] : [],
                  })
                }
              />{' '}
              {isText ? 'pick one of your texts or colours' : 'pick one of your pictures'}
            </label>
          </fieldset>
          {rule.kind === 'input' && isText && <TextLimits rule={rule} patch={patch} />}
          {rule.kind === 'choice' && <Options rule={rule} isText={isText} patch={patch} />}
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}

type Patch = (p: Partial<PersonalizeRule>, merge?: string) => void;

/** A rule as plain JSON data (the rule is JSON by definition). */
const plainCopy = (rule: PersonalizeRule): PersonalizeRule => JSON.parse(JSON.stringify(rule)) as PersonalizeRule;

function TextLimits({ rule, patch }: { rule: PersonalizeRule; patch: Patch }) {
  const ids = useId();
  const [colour, setColour] = useState('#D62828');
  return (
    <>
      <label className="dz-field" htmlFor={`${ids}-max`}>
        Most characters
      </label>
      <input
        id={`${ids}-max`}
        className="dz-input"
        type="number"
        min={1}
        max={PERSONALIZE_LIMITS.textMax}
        value={rule.maxLength}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          if (Number.isFinite(n)) patch({ maxLength: Math.min(PERSONALIZE_LIMITS.textMax, Math.max(1, n)) }, 'max');
        }}
      />
      <fieldset className="dz-fieldset">
        <legend>Typefaces buyers may pick (besides this one)</legend>
        {BUNDLED_FONTS.map((face) => (
          <label key={face.id} className="dz-check-inline">
            <input
              type="checkbox"
              checked={rule.fonts.includes(face.displayName)}
              onChange={(e) => patch({ fonts: toggled(rule.fonts, face.displayName, e.target.checked) })}
            />{' '}
            {face.displayName}
          </label>
        ))}
      </fieldset>
      <fieldset className="dz-fieldset">
        <legend>Colours buyers may pick (besides this one)</legend>
        <ul className="dz-plain-list">
          {rule.colors.map((hex) => (
            <li key={hex}>
              <span className="swatch" style={{ background: hex }} aria-hidden="true" /> {hex}{' '}
              <button
                type="button"
                className="btn-link"
                aria-label={`Remove colour ${hex}`}
                onClick={() => patch({ colors: toggled(rule.colors, hex, false) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <label className="dz-color">
          Colour to add <input type="color" value={colour} onChange={(e) => setColour(e.target.value.toUpperCase())} />
        </label>{' '}
        <button
          type="button"
          className="btn"
          disabled={rule.colors.length >= PERSONALIZE_LIMITS.colorsMax}
          onClick={() => patch({ colors: toggled(rule.colors, colour.toUpperCase(), true) })}
        >
          Add colour
        </button>
      </fieldset>
    </>
  );
}

function Options({ rule, isText, patch }: { rule: PersonalizeRule; isText: boolean; patch: Patch }) {
  const ids = useId();
  const [uploading, setUploading] = useState('');
  const update = (i: number, o: PersonalizeOption | null) => {
    const options = rule.options.flatMap((x, j) => (j === i ? (o ? [o] : []) : [x]));
    patch({ options }, o ? `option:${i}` : undefined);
  };
  const addPicture = async (file: File) => {
    setUploading(`Uploading ${file.name}…`);
    const res = await designerApi.uploadImage(file, file.name);
    if (res.code === 200 && res.data) {
      const image = { url: res.data.url, width: res.data.width, height: res.data.height };
      patch({
        options: [...rule.options, { label: file.name.replace(/\.[^.]+$/, '').slice(0, PERSONALIZE_LIMITS.labelMax) || 'Picture', image }],
      });
      setUploading('');
    } else setUploading(res.msg || 'The picture could not be uploaded');
  };
  return (
    <fieldset className="dz-fieldset">
      <legend>Options</legend>
      <ol className="dz-plain-list">
        {rule.options.map((o, i) => (
          <li key={i}>
            <label>
              Option {i + 1} label{' '}
              <input
                className="dz-input"
                value={o.label}
                maxLength={PERSONALIZE_LIMITS.labelMax}
                onChange={(e) => update(i, { ...o, label: e.target.value })}
              />
            </label>
            {isText && (
              <>
                <label>
                  Option {i + 1} text{' '}
                  <input
                    className="dz-input"
                    value={o.text ?? ''}
                    maxLength={PERSONALIZE_LIMITS.textMax}
                    onChange={(e) => update(i, { ...o, text: e.target.value })}
                  />
                </label>
                <label className="dz-color">
                  Option {i + 1} colour{' '}
                  <input
                    type="color"
                    value={o.color ?? '#000000'}
                    onChange={(e) => update(i, { ...o, color: e.target.value.toUpperCase() })}
                  />
                </label>
              </>
            )}
            {o.image && <img src={o.image.url} alt={o.label} className="dz-option-thumb" />}
            <button type="button" className="btn-link" aria-label={`Remove option ${i + 1}`} onClick={() => update(i, null)}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {isText ? (
        <button
          type="button"
          className="btn"
          disabled={rule.options.length >= PERSONALIZE_LIMITS.optionsMax}
          onClick={() => patch({ options: [...rule.options, { label: `Option ${rule.options.length + 1}`, text: '' }] })}
        >
          Add option
        </button>
      ) : (
        <>
          <label className="dz-field" htmlFor={`${ids}-pic`}>
            Add a picture option
          </label>
          <input
            id={`${ids}-pic`}
            type="file"
            accept="image/jpeg,image/png"
            disabled={rule.options.length >= PERSONALIZE_LIMITS.optionsMax}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void addPicture(file);
              e.target.value = '';
            }}
          />
          {uploading && (
            <p className="muted small" role="status">
              {uploading}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
