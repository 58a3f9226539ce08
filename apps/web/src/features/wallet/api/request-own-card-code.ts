import { ownCardCodeSentSchema, type OwnCardChannel } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import { OWN_CARD_SLUG } from '../../../config.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/payment-methods/{own-card}/add/code: the issuer sends a code to the card's holder. */
export function requestOwnCardCode(body: { cardNumber: string; channel: OwnCardChannel }) {
  return apiRequest(`/payment-methods/${OWN_CARD_SLUG}/add/code`, {
    method: 'POST',
    body,
    schema: ownCardCodeSentSchema,
  });
}

export function useRequestOwnCardCode() {
  return useMutation({ mutationFn: requestOwnCardCode });
}
