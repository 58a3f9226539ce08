import { describe, expect, it } from 'vitest';
import { statusOfAnswer, variableResults } from './chargers.ts';

describe('reading a charger’s answer', () => {
  it('takes the status of a plain answer', () => {
    expect(statusOfAnswer({ status: 'Rejected' })).toBe('Rejected');
    expect(statusOfAnswer({ configurationKey: [] })).toBeNull();
    expect(statusOfAnswer(null)).toBeNull();
  });

  it('takes each variable of a 2.0.1 answer, its status and its value', () => {
    const got = {
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          attributeValue: '300',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
        {
          attributeStatus: 'UnknownVariable',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'Nothing' },
        },
      ],
    };
    expect(variableResults(got)).toEqual([
      { name: 'OCPPCommCtrlr.HeartbeatInterval', status: 'Accepted', value: '300' },
      { name: 'OCPPCommCtrlr.Nothing', status: 'UnknownVariable', value: null },
    ]);
    expect(statusOfAnswer(got)).toBe('Accepted');
    expect(
      statusOfAnswer({
        setVariableResult: [
          { attributeStatus: 'Rejected', component: { name: 'A' }, variable: { name: 'B' } },
        ],
      }),
    ).toBe('Rejected');
  });
});
