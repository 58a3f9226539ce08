import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Section } from '@stod/ui/Section.tsx';
import { LockOpen, Power, RadioTower, RotateCcw, Send } from 'lucide-react';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  availabilityCall,
  changeConfigurationCall,
  configurationOf,
  readConfigurationCall,
  resetCall,
  triggerable,
  triggerCall,
  unlockCall,
  type Protocol,
  type ResetKind,
  type Trigger,
} from '../lib/charger-commands.ts';
import { statusOfAnswer, type OperatorCharger } from '../lib/chargers.ts';
import { ChargerAnswer, useChargerCall } from './ChargerAnswer.tsx';
import { TableCard } from './Page.tsx';
import { Select } from './Select.tsx';
import { ConnectorChip } from './StateChip.tsx';

const protocolOf = (charger: OperatorCharger): Protocol =>
  charger.protocol === 'ocpp2.0.1' ? 'ocpp2.0.1' : 'ocpp1.6';

const card = 'flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200';

/** A command at one connector; a screen reader hears which connector it is for. */
function ConnectorButton({
  connectorId,
  label,
  icon,
  disabled,
  onClick,
  variant = 'secondary',
}: {
  connectorId: number;
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
  variant?: 'secondary' | 'ghost';
}) {
  const { t } = useTranslation();
  return (
    <Button variant={variant} block={false} disabled={disabled} icon={icon} onClick={onClick}>
      {label}
      <span className="sr-only"> · {t('charger.connector', { number: connectorId })}</span>
    </Button>
  );
}

/** Each connector as the charger last reported it, with what an operator does at one. */
export function ConnectorPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const call = useChargerCall(charger.identity);
  const protocol = protocolOf(charger);
  const unlock = async (connectorId: number) => {
    const confirmed = await confirmModal({
      title: t('charger.unlockTitle', { number: connectorId }),
      body: t('charger.unlockText'),
      confirmLabel: t('charger.unlock'),
      testId: 'unlock-dialog',
    });
    if (confirmed) call.run(unlockCall(protocol, connectorId));
  };
  return (
    <Section title={t('charger.connectors')} testId="charger-connectors">
      <ChargerAnswer outcome={call.outcome} onDismiss={call.clear} />
      <ul className="grid gap-3">
        {charger.connectors.map((c) => (
          <li
            key={c.connectorId}
            className={card}
            data-testid={`connector-${String(c.connectorId)}`}
          >
            <div className="flex items-center justify-between gap-3">
              <h3 className="text-lg font-semibold text-slate-900">
                {t('charger.connector', { number: c.connectorId })}
              </h3>
              <ConnectorChip status={c.status} />
            </div>
            {c.errorCode && (
              <p className="text-sm text-red-800">
                {t('charger.errorCode', { code: c.errorCode })}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <ConnectorButton
                connectorId={c.connectorId}
                disabled={!charger.online || call.pending}
                icon={<LockOpen size={18} aria-hidden="true" />}
                label={t('charger.unlock')}
                onClick={() => void unlock(c.connectorId)}
              />
              <ConnectorButton
                connectorId={c.connectorId}
                disabled={!charger.online || call.pending}
                icon={<Power size={18} aria-hidden="true" />}
                label={
                  c.status === 'Unavailable'
                    ? t('charger.makeAvailable')
                    : t('charger.makeUnavailable')
                }
                onClick={() =>
                  call.run(
                    availabilityCall(
                      protocol,
                      c.connectorId,
                      c.status === 'Unavailable' ? 'Operative' : 'Inoperative',
                    ),
                  )
                }
              />
              <ConnectorButton
                variant="ghost"
                connectorId={c.connectorId}
                disabled={!charger.online || call.pending}
                icon={<RadioTower size={18} aria-hidden="true" />}
                label={t('charger.askStatus')}
                onClick={() => call.run(triggerCall(protocol, 'StatusNotification', c.connectorId))}
              />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Restart the charger, and ask it to send a message now. */
export function CommandPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const call = useChargerCall(charger.identity);
  const protocol = protocolOf(charger);
  const [message, setMessage] = useState<Trigger>('StatusNotification');
  const reset = async (kind: ResetKind) => {
    const confirmed = await confirmModal({
      title: t(kind === 'soft' ? 'charger.resetSoftTitle' : 'charger.resetHardTitle'),
      body: t(kind === 'soft' ? 'charger.resetSoftText' : 'charger.resetHardText'),
      confirmLabel: t('charger.reset'),
      testId: 'reset-dialog',
    });
    if (confirmed) call.run(resetCall(protocol, kind));
  };
  const offline = !charger.online || call.pending;
  return (
    <Section title={t('charger.commands')} testId="charger-commands">
      <ChargerAnswer outcome={call.outcome} onDismiss={call.clear} />
      <div className={card}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            block={false}
            disabled={offline}
            icon={<RotateCcw size={18} aria-hidden="true" />}
            onClick={() => void reset('soft')}
          >
            {t('charger.resetSoft')}
          </Button>
          <Button
            variant="danger"
            block={false}
            disabled={offline}
            icon={<RotateCcw size={18} aria-hidden="true" />}
            onClick={() => void reset('hard')}
          >
            {t('charger.resetHard')}
          </Button>
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            call.run(triggerCall(protocol, message));
          }}
        >
          <Select
            label={t('charger.trigger')}
            value={message}
            onChange={(e) => setMessage(e.target.value as Trigger)}
          >
            {triggerable.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
          <Button
            type="submit"
            variant="secondary"
            block={false}
            disabled={offline}
            icon={<RadioTower size={18} aria-hidden="true" />}
          >
            {t('charger.triggerSend')}
          </Button>
        </form>
        {!charger.online && <p className="text-sm text-slate-600">{t('charger.offlineHint')}</p>}
      </div>
    </Section>
  );
}

/** Read and change the charger's settings: 1.6 keys, 2.0.1 a component's variables. */
export function ConfigurationPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const call = useChargerCall(charger.identity);
  const protocol = protocolOf(charger);
  const v201 = protocol === 'ocpp2.0.1';
  const [component, setComponent] = useState('');
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  // The keys last read stay shown while one of them is changed.
  const [keys, setKeys] = useState<ReturnType<typeof configurationOf> | null>(null);
  const readKeys = (response: unknown) => {
    if (!v201) setKeys(configurationOf(response));
  };
  const key = v201 ? { name, component } : { name };
  const change = (e: SyntheticEvent) => {
    e.preventDefault();
    call.run(changeConfigurationCall(protocol, key, value), (response) => {
      // A 1.6 key read before shows the value the charger took.
      if (v201 || !keys || statusOfAnswer(response) !== 'Accepted') return;
      setKeys({
        ...keys,
        entries: keys.entries.map((e) => (e.key === name ? { ...e, value } : e)),
      });
    });
  };
  return (
    <Section title={t('charger.configuration')} testId="charger-configuration">
      <ChargerAnswer outcome={call.outcome} onDismiss={call.clear} />
      <form className={card} onSubmit={change}>
        <div className={cn('grid gap-3', v201 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          {v201 && (
            <Field
              label={t('charger.component')}
              value={component}
              onChange={(e) => setComponent(e.target.value)}
              required
              maxLength={50}
            />
          )}
          <Field
            label={v201 ? t('charger.variable') : t('charger.key')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required={v201}
            maxLength={50}
          />
          <Field
            label={t('charger.value')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            // 1.6 ChangeConfiguration takes at most 500 characters; 2.0.1 1000.
            maxLength={v201 ? 1000 : 500}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            block={false}
            disabled={!charger.online || call.pending || (v201 && (!name || !component))}
            onClick={() => call.run(readConfigurationCall(protocol, key), readKeys)}
          >
            {v201 || name ? t('charger.read') : t('charger.readAll')}
          </Button>
          <Button type="submit" block={false} disabled={!charger.online || call.pending || !name}>
            {t('charger.change')}
          </Button>
        </div>
      </form>
      {keys && keys.entries.length > 0 && (
        <TableCard label={t('charger.configuration')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('charger.configuration')}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t('charger.key')}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t('charger.value')}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  <span className="sr-only">{t('charger.change')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200" data-testid="configuration-keys">
              {keys.entries.map((entry) => (
                <tr key={entry.key}>
                  <th scope="row" className="px-4 py-2 font-mono font-medium text-slate-900">
                    {entry.key}
                  </th>
                  <td className="px-4 py-2 font-mono text-slate-800 [overflow-wrap:anywhere]">
                    {entry.value ?? '–'}
                  </td>
                  <td className="px-4 py-2 text-right">
                    {entry.readonly ? (
                      <span className="text-slate-600">{t('charger.readonly')}</span>
                    ) : (
                      <Button
                        variant="ghost"
                        block={false}
                        aria-label={t('charger.editKey', { key: entry.key })}
                        onClick={() => {
                          setName(entry.key);
                          setValue(entry.value ?? '');
                        }}
                      >
                        {t('charger.edit')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableCard>
      )}
      {keys && keys.unknown.length > 0 && (
        <p className="text-sm text-slate-700">
          {t('charger.unknownKeys', { keys: keys.unknown.join(', ') })}
        </p>
      )}
    </Section>
  );
}

/** Any call of the charger's protocol, its payload written as JSON; the API checks the schema. */
export function AnyCallPanel({ charger }: { charger: OperatorCharger }) {
  const { t } = useTranslation();
  const call = useChargerCall(charger.identity);
  const [action, setAction] = useState('');
  const [payload, setPayload] = useState('{}');
  const [invalid, setInvalid] = useState(false);
  const payloadId = useId();
  const send = (e: SyntheticEvent) => {
    e.preventDefault();
    let body: unknown;
    try {
      body = JSON.parse(payload || '{}');
    } catch {
      body = undefined;
    }
    const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
    setInvalid(!isObject);
    if (isObject) call.run({ action: action.trim(), payload: body as Record<string, unknown> });
  };
  const response = call.outcome?.response;
  return (
    <Section title={t('charger.anyCall')} testId="charger-any-call">
      <form className={card} onSubmit={send}>
        <p className="text-sm text-slate-700">{t('charger.anyCallHint')}</p>
        <Field
          label={t('charger.action')}
          value={action}
          onChange={(e) => setAction(e.target.value)}
          required
          pattern="[A-Za-z0-9]{1,64}"
          placeholder="GetLocalListVersion"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={payloadId} className="text-sm font-medium text-slate-800">
            {t('charger.payload')}
          </label>
          <textarea
            id={payloadId}
            value={payload}
            onChange={(e) => setPayload(e.target.value)}
            rows={4}
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${payloadId}-error` : undefined}
            className="rounded-xl border border-slate-300 bg-white px-4 py-3 font-mono text-sm text-slate-900 focus:border-brand focus:ring-3 focus:ring-brand-soft focus:outline-none"
          />
          {invalid && (
            <p id={`${payloadId}-error`} role="alert" className="text-sm font-medium text-red-700">
              {t('charger.payloadInvalid')}
            </p>
          )}
        </div>
        <div>
          <Button
            type="submit"
            block={false}
            pending={call.pending}
            disabled={!charger.online}
            icon={<Send size={18} aria-hidden="true" />}
          >
            {t('charger.send')}
          </Button>
        </div>
      </form>
      <ChargerAnswer outcome={call.outcome} onDismiss={call.clear} />
      {response !== undefined && (
        <pre
          data-testid="any-call-response"
          className="overflow-x-auto rounded-2xl bg-night p-4 font-mono text-sm text-slate-100"
        >
          {JSON.stringify(response, null, 2)}
        </pre>
      )}
    </Section>
  );
}
