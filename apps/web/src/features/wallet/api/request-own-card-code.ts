import { ownCardCodeSentSchema, type OwnCardChannel } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import { OWN_CARD_SLUG } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** POST /api/payment-methods/{own-card}/add/code: the issuer sends a code to the card's holder. */
export interface OwnCardCodeBody {
  cardNumber: string;
  channel: OwnCardChannel;
}

export function requestOwnCardCode(body: OwnCardCodeBody) {
  return apiRequest(`/payment-methods/${OWN_CARD_SLUG}/add/code`, {
    method: 'POST',
    body,
    schema: ownCardCodeSentSchema,
  });
}

export function useRequestOwnCardCode() {
  return useMutation({
    mutationFn: (body: OwnCardCodeBody) => unwrap(requestOwnCardCode(body)),
  });
}
