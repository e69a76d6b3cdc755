import { h } from '../dom/h';
import type { RenderContext } from './render-context';

export interface FieldSpec {
  readonly name: string;
  readonly _label: string;
  readonly value: string;
  readonly _hint?: string;
  readonly _attrs?: Readonly<Record<string, string | boolean | undefined>>;
  readonly _onInput: (value: string) => void;
}

/** A labelled text field with its hint and error tied by aria-describedby. */
export function renderField(ctx: RenderContext, spec: FieldSpec): HTMLElement {
  const { doc } = ctx;
  const id = `${ctx._idPrefix}-${spec.name}`;
  const error = ctx._local._fieldErrors[spec.name];
  const described = [spec._hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  const input = h(doc, 'input', {
    id,
    _className: `sp-input${error ? ' sp-input--invalid' : ''}`,
    _attrs: { type: 'text', ...spec._attrs, 'aria-describedby': described || undefined, 'aria-invalid': error ? 'true' : undefined },
    on: { input: (event) => spec._onInput((event.target as HTMLInputElement).value) },
  });
  input.value = spec.value;
  return h(doc, 'div', { _className: 'sp-field' }, [
    h(doc, 'label', { _className: 'sp-field__label', text: spec._label, _attrs: { for: id } }),
    input,
    spec._hint && h(doc, 'span', { _className: 'sp-hint', id: `${id}-hint`, text: spec._hint }),
    error && h(doc, 'span', { _className: 'sp-field__error', id: `${id}-error`, text: error }),
  ]);
}
