import {
  chargerLocalListSchema,
  chargerNoticeKinds,
  operatorChargerSchema,
  type ChargerPatch,
  type InstallationPatch,
  type OperatorCharger,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, auditReasonHeader, unwrap } from './api.ts';
import { isNotFound } from './station-live.ts';

export const chargerProtocols = ['ocpp1.6', 'ocpp2.0.1'] as const;
export type ChargerProtocol = (typeof chargerProtocols)[number];

export type { OperatorCharger };
export type ChargerConnector = OperatorCharger['connectors'][number];

const chargersSchema = z.object({ items: z.array(operatorChargerSchema), total: z.number() });

export interface ChargerFilter {
  q: string;
  online: '' | 'true' | 'false';
  protocol: '' | ChargerProtocol;
  /** A connector in this state. */
  status: '' | ChargerConnector['status'];
}

/** How often a charger's page and the list ask again: a connector changes state in seconds. */
export const CHARGER_REFRESH_MS = 3000;
/** Chargers shown on one page of the list. */
export const CHARGERS_PAGE = 50;

const live = {
  refetchInterval: (query: { state: { error: unknown } }) =>
    isNotFound(query.state.error) ? false : CHARGER_REFRESH_MS,
  refetchIntervalInBackground: false,
  staleTime: 0,
  retry: (count: number, error: unknown) => !isNotFound(error) && count < 1,
};

/** The chargers matching the filter, a page at a time, asked again while the list is shown. */
export function useChargers(filter: ChargerFilter, offset: number) {
  const query = new URLSearchParams({ offset: String(offset), take: String(CHARGERS_PAGE) });
  if (filter.q.trim()) query.set('q', filter.q.trim());
  if (filter.online) query.set('online', filter.online);
  if (filter.protocol) query.set('protocol', filter.protocol);
  if (filter.status) query.set('status', filter.status);
  return useQuery({
    queryKey: ['admin', 'chargers', filter, offset],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`/admin/chargers?${query.toString()}`, { schema: chargersSchema, signal })),
    placeholderData: (previous) => previous,
    ...live,
  });
}

const path = (identity: string) => `/admin/chargers/${encodeURIComponent(identity)}`;

/** One charger, its connection and connectors, asked again every few seconds. */
export const useCharger = (identity: string) =>
  useQuery({
    queryKey: ['admin', 'chargers', identity],
    queryFn: ({ signal }) =>
      unwrap(apiRequest(path(identity), { schema: operatorChargerSchema, signal })),
    ...live,
  });

const transactionsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      transactionId: z.string(),
      connectorId: z.number().nullable(),
      idTag: z.string().nullable(),
      billing: z.enum(['pending', 'unbilled', 'billed']),
      energyWh: z.number().nullable(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      stopReason: z.string().nullable(),
    }),
  ),
  total: z.number(),
});
export type ChargerTransaction = z.infer<typeof transactionsSchema>['items'][number];

export const useChargerTransactions = (chargerId: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'chargers', chargerId, 'transactions'],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/chargers/${chargerId ?? ''}/transactions?take=20`, {
          schema: transactionsSchema,
          signal,
        }),
      ),
    enabled: chargerId !== undefined,
    refetchInterval: CHARGER_REFRESH_MS * 5,
  });

const ocppErrorSchema = z.object({ code: z.string(), description: z.string() });
const callsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      payload: z.unknown(),
      outcome: z.enum(['sent', 'result', 'error', 'timeout', 'offline']),
      response: z.unknown(),
      error: ocppErrorSchema.nullable(),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
});
export type ChargerCall = z.infer<typeof callsSchema>['items'][number];

const callsKey = (identity: string) => ['admin', 'chargers', identity, 'calls'] as const;

export const useChargerCalls = (identity: string) =>
  useQuery({
    queryKey: callsKey(identity),
    queryFn: ({ signal }) =>
      unwrap(apiRequest(`${path(identity)}/ocpp?take=20`, { schema: callsSchema, signal })),
  });

const noticesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(chargerNoticeKinds),
      type: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
});
export type ChargerNotice = z.infer<typeof noticesSchema>['items'][number];

export const useChargerNotices = (chargerId: string | undefined) =>
  useQuery({
    queryKey: ['admin', 'chargers', chargerId, 'notices'],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/chargers/${chargerId ?? ''}/notices?take=20`, {
          schema: noticesSchema,
          signal,
        }),
      ),
    enabled: chargerId !== undefined,
  });

const localListKey = (identity: string) => ['admin', 'chargers', identity, 'local-list'] as const;

export const useLocalList = (identity: string) =>
  useQuery({
    queryKey: localListKey(identity),
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`${path(identity)}/local-list`, { schema: chargerLocalListSchema, signal }),
      ),
  });

export interface OcppCall {
  action: string;
  payload: Record<string, unknown>;
}

const answerSchema = z.object({ response: z.unknown() });

/**
 * Sends the charger one OCPP call through the command route. The charger's CALLRESULT resolves;
 * its CALLERROR, no answer, an offline charger or a payload the schema refuses reject with the
 * API's localized message. Either way the command log is asked again.
 */
export function useSendCall(identity: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: OcppCall) =>
      unwrap(
        apiRequest(`${path(identity)}/ocpp/${encodeURIComponent(call.action)}`, {
          method: 'POST',
          body: call.payload,
          schema: answerSchema,
        }),
      ).then(({ response }) => response),
    onSettled: (_data, _error, call) =>
      Promise.all([
        client.invalidateQueries({ queryKey: callsKey(identity) }),
        client.invalidateQueries({ queryKey: ['admin', 'chargers', identity], exact: true }),
        // The local list is worked out tag by tag: asked again only when a call concerns it.
        LIST_CALLS.has(call.action)
          ? client.invalidateQueries({ queryKey: localListKey(identity) })
          : undefined,
      ]),
  });
}

const LIST_CALLS = new Set(['SendLocalList', 'GetLocalListVersion']);

/** Sends the charger the full local list of the tags it may take when offline. */
export function useSendLocalList(identity: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        apiRequest(`${path(identity)}/local-list`, {
          method: 'PUT',
          schema: z.object({ version: z.number(), response: z.unknown() }),
        }),
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: callsKey(identity) }),
        client.invalidateQueries({ queryKey: localListKey(identity) }),
      ]),
  });
}

/**
 * The status an OCPP answer carries (`Accepted`, `Rejected`, …), if it has one; for 2.0.1
 * GetVariables and SetVariables, the first variable's `attributeStatus`.
 */
export function statusOfAnswer(response: unknown): string | null {
  if (!response || typeof response !== 'object') return null;
  if ('status' in response) {
    const { status } = response;
    return typeof status === 'string' ? status : null;
  }
  const [first] = variableResults(response);
  return first?.status ?? null;
}

/** Each variable of a 2.0.1 GetVariables or SetVariables answer: its status and its value. */
export function variableResults(
  response: unknown,
): { name: string; status: string; value: string | null }[] {
  if (!response || typeof response !== 'object') return [];
  const answer = response as { getVariableResult?: unknown; setVariableResult?: unknown };
  const results = answer.getVariableResult ?? answer.setVariableResult;
  if (!Array.isArray(results)) return [];
  return results.map((r: Record<string, unknown>) => {
    const component = (r.component as { name?: string } | undefined)?.name ?? '';
    const variable = (r.variable as { name?: string } | undefined)?.name ?? '';
    return {
      name: `${component}.${variable}`,
      status: typeof r.attributeStatus === 'string' ? r.attributeStatus : '',
      value: typeof r.attributeValue === 'string' ? r.attributeValue : null,
    };
  });
}

/** Changes a charger's power or tariff, or takes it out of the network and back. */
export function usePatchCharger(identity: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, reason }: { patch: ChargerPatch; reason: string }) =>
      unwrap(
        apiRequest(path(identity), {
          method: 'PATCH',
          body: patch,
          headers: auditReasonHeader(reason),
          schema: operatorChargerSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'chargers'] }),
  });
}

const installationAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  public: z.boolean(),
});

/** Renames a charger's installation, or makes it private or public. */
export function usePatchInstallation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, reason }: { patch: InstallationPatch; reason: string }) =>
      unwrap(
        apiRequest(`/admin/installations/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: patch,
          headers: auditReasonHeader(reason),
          schema: installationAnswerSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'chargers'] }),
  });
}
