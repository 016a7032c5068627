/**
 * The trusted call context as a form. It edits a draft of strings; the core's
 * parseTrustedContext judges it, and each issue is shown at its field.
 * Choosing a provider sets the registered api_family and adapter_revision;
 * "advanced" lets the learner type an unregistered triple to watch every
 * adapter refuse it (A12).
 */
import { CONTEXT_TEXT } from './text.ts';
import { cx } from '../../components/cx.ts';
import styles from './ContextForm.module.css';
import type { Lang } from '../../../lang.ts';
import { memo, useImperativeHandle, useRef, useState, type JSX, type ReactNode, type Ref } from 'react';
import { PROVIDER_ADAPTERS } from '#lib/core/tables/index.ts';
import { DELIVERIES } from '#lib/core/result/index.ts';
import {
  isRegisteredTriple,
  withDigestMode,
  withRegisteredProvider,
  type ContextDraft,
  type ContextIssue,
  type DraftField,
} from '../../../playground/contextDraft.ts';
import { chapterTools } from '../../../chapter/index.ts';
import { useIssueText } from './issueText.ts';

export interface ContextFormProps {
  lang: Lang;
  draft: ContextDraft;
  issues: readonly ContextIssue[];
  onChange(draft: ContextDraft): void;
  /** Receives a handle that focuses a field (when it is shown: the key's fields are, in keyed mode only). */
  handle?: Ref<ContextFormHandle>;
}

export interface ContextFormHandle {
  focusField(field: DraftField): void;
}

const fieldId = (f: DraftField): string => `ctx-${f}`;

export const ContextForm = memo(function ContextForm({
  lang,
  draft,
  issues,
  onChange,
  handle,
}: ContextFormProps): JSX.Element {
  const c = CONTEXT_TEXT[lang];
  const say = useIssueText(lang);
  const formRef = useRef<HTMLFormElement>(null);
  useImperativeHandle(
    handle,
    () => ({
      focusField: (f: DraftField) => {
        const el = formRef.current?.elements.namedItem(fieldId(f));
        if (el instanceof HTMLElement) el.focus();
      },
    }),
    [],
  );
  const [advancedWanted, setAdvancedWanted] = useState(false);
  const registered = isRegisteredTriple(draft);
  const advanced = advancedWanted || !registered;
  const errors = new Map<DraftField, string[]>();
  const general: string[] = [];
  for (const i of issues) {
    const said = say(i);
    if (i.field === null) general.push(`${i.path || '/'}: ${said}`);
    else errors.set(i.field, [...(errors.get(i.field) ?? []), said]);
  }
  const set = (f: DraftField, v: string) => onChange({ ...draft, [f]: v });

  const field = (f: DraftField, label: ReactNode, control: (common: CommonProps) => ReactNode, hint?: string) => {
    const errs = errors.get(f);
    const describedBy =
      [errs !== undefined ? `${fieldId(f)}-err` : null, hint !== undefined ? `${fieldId(f)}-hint` : null]
        .filter(Boolean)
        .join(' ') || undefined;
    return (
      <div className={cx(styles.field, errs !== undefined && styles.invalid)}>
        <label htmlFor={fieldId(f)}>{label}</label>
        {control({
          id: fieldId(f),
          'aria-invalid': errs !== undefined ? true : undefined,
          'aria-describedby': describedBy,
        })}
        {hint !== undefined ? (
          <span className={styles.hint} id={`${fieldId(f)}-hint`}>
            {hint}
          </span>
        ) : null}
        {errs !== undefined ? (
          <span className={styles.error} id={`${fieldId(f)}-err`}>
            {errs.join(' · ')}
          </span>
        ) : null}
      </div>
    );
  };
  const text = (f: DraftField, hint?: string) =>
    field(
      f,
      <code>{f}</code>,
      (c) => (
        <input
          {...c}
          type="text"
          value={draft[f]}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => set(f, e.target.value)}
        />
      ),
      hint,
    );

  const tools = Object.keys(chapterTools);
  const toolOptions = tools.includes(draft.tool) ? tools : [...tools, draft.tool];
  const deliveries: readonly string[] = DELIVERIES.includes(draft.delivery as (typeof DELIVERIES)[number])
    ? DELIVERIES
    : [...DELIVERIES, draft.delivery];
  const providers = PROVIDER_ADAPTERS.map((a) => a.provider as string);

  return (
    <form
      ref={formRef}
      className={`context-form ${styles.form}`}
      onSubmit={(e) => e.preventDefault()}
      aria-describedby="ctx-intro"
    >
      <p id="ctx-intro" className={styles.intro}>
        {c.contextIntro}
      </p>
      {general.length > 0 ? (
        <p className={styles.error} role="alert">
          {general.join(' · ')}
        </p>
      ) : null}

      <fieldset>
        <legend>{c.ctxPrincipal}</legend>
        <div className={styles.row}>
          {text('tenant')}
          {text('subject')}
        </div>
      </fieldset>

      <fieldset>
        <legend>{c.ctxCall}</legend>
        <div className={styles.row}>
          {advanced
            ? text('provider')
            : field('provider', <code>provider</code>, (c) => (
                <select
                  {...c}
                  value={draft.provider}
                  onChange={(e) => onChange(withRegisteredProvider(draft, e.target.value))}
                >
                  {providers.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              ))}
          <div className={`${styles.field} ${styles.check}`}>
            <label>
              <input
                type="checkbox"
                checked={advanced}
                onChange={(e) => {
                  setAdvancedWanted(e.target.checked);
                  if (!e.target.checked && !registered)
                    onChange(
                      withRegisteredProvider(draft, providers.includes(draft.provider) ? draft.provider : 'openai'),
                    );
                }}
              />{' '}
              {c.ctxAdvanced}
            </label>
          </div>
        </div>
        {advanced ? (
          <div className={styles.row}>
            {text('api_family')}
            {text('adapter_revision')}
          </div>
        ) : (
          <p className={styles.hint}>{c.ctxRegistered(draft.api_family, draft.adapter_revision)}</p>
        )}
        {!registered ? (
          <p className="inline-warning" role="status">
            {c.ctxUnregistered}
          </p>
        ) : null}
        <div className={styles.row}>
          {text('response_id')}
          {text('call_id')}
        </div>
        <div className={styles.row}>
          {text('operation_id')}
          {text('idempotency_key')}
        </div>
      </fieldset>

      <fieldset>
        <legend>{c.ctxTool}</legend>
        {field('tool', <code>tool</code>, (c) => (
          <select {...c} value={draft.tool} onChange={(e) => set('tool', e.target.value)}>
            {toolOptions.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        ))}
        {field(
          'arguments_text',
          <code>arguments</code>,
          (c) => (
            <textarea
              {...c}
              rows={2}
              value={draft.arguments_text}
              spellCheck={false}
              onChange={(e) => set('arguments_text', e.target.value)}
            />
          ),
          c.ctxArgumentsHint,
        )}
      </fieldset>

      <fieldset>
        <legend>{c.ctxDelivery}</legend>
        <div className={styles.row}>
          {field('delivery', <code>delivery</code>, (c) => (
            <select {...c} value={draft.delivery} onChange={(e) => set('delivery', e.target.value)}>
              {deliveries.map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          ))}
          {text('now', c.ctxNowHint)}
        </div>
      </fieldset>

      <fieldset>
        <legend>{c.ctxDigest}</legend>
        <div className={styles.radioRow} role="radiogroup" aria-label={c.ctxDigest}>
          <label>
            <input
              type="radio"
              name="digest-mode"
              id={fieldId('digest')}
              checked={draft.digest === 'sha256'}
              onChange={() => onChange(withDigestMode(draft, 'sha256'))}
            />{' '}
            {c.ctxPlain}
          </label>
          <label>
            <input
              type="radio"
              name="digest-mode"
              checked={draft.digest === 'hmac-sha256'}
              onChange={() => onChange(withDigestMode(draft, 'hmac-sha256'))}
            />{' '}
            {c.ctxKeyed}
          </label>
        </div>
        {draft.digest === 'hmac-sha256' ? (
          <>
            <div className={styles.row}>
              {text('key_id')}
              {field('key_secret', <code>secret</code>, (c) => (
                <input
                  {...c}
                  type="text"
                  className="mono"
                  value={draft.key_secret}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(e) => set('key_secret', e.target.value)}
                />
              ))}
            </div>
            <p className={styles.hint}>{c.ctxKeyNote}</p>
          </>
        ) : null}
      </fieldset>
    </form>
  );
});

interface CommonProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
