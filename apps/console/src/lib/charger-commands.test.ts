import { describe, expect, it } from 'vitest';
import {
  availabilityCall,
  changeConfigurationCall,
  configurationOf,
  readConfigurationCall,
  resetCall,
  triggerCall,
  unlockCall,
} from './charger-commands.ts';

describe('the common commands, in each protocol’s words', () => {
  it('restarts: 1.6 Soft and Hard, 2.0.1 OnIdle and Immediate', () => {
    expect(resetCall('ocpp1.6', 'soft')).toEqual({ action: 'Reset', payload: { type: 'Soft' } });
    expect(resetCall('ocpp1.6', 'hard')).toEqual({ action: 'Reset', payload: { type: 'Hard' } });
    expect(resetCall('ocpp2.0.1', 'soft').payload).toEqual({ type: 'OnIdle' });
    expect(resetCall('ocpp2.0.1', 'hard').payload).toEqual({ type: 'Immediate' });
  });

  it('names a connector as 1.6 does, and as an EVSE of one connector in 2.0.1', () => {
    expect(unlockCall('ocpp1.6', 2).payload).toEqual({ connectorId: 2 });
    expect(unlockCall('ocpp2.0.1', 2).payload).toEqual({ evseId: 2, connectorId: 1 });
    expect(availabilityCall('ocpp1.6', 1, 'Inoperative').payload).toEqual({
      connectorId: 1,
      type: 'Inoperative',
    });
    expect(availabilityCall('ocpp2.0.1', 1, 'Operative').payload).toEqual({
      operationalStatus: 'Operative',
      evse: { id: 1 },
    });
    // The whole station: 2.0.1 leaves the EVSE out.
    expect(availabilityCall('ocpp2.0.1', 0, 'Inoperative').payload).toEqual({
      operationalStatus: 'Inoperative',
    });
    expect(triggerCall('ocpp1.6', 'StatusNotification', 2).payload).toEqual({
      requestedMessage: 'StatusNotification',
      connectorId: 2,
    });
    expect(triggerCall('ocpp2.0.1', 'StatusNotification', 2).payload).toEqual({
      requestedMessage: 'StatusNotification',
      evse: { id: 2, connectorId: 1 },
    });
    expect(triggerCall('ocpp2.0.1', 'Heartbeat').payload).toEqual({
      requestedMessage: 'Heartbeat',
    });
  });

  it('reads and changes settings: 1.6 keys, 2.0.1 component variables', () => {
    expect(readConfigurationCall('ocpp1.6', { name: '' })).toEqual({
      action: 'GetConfiguration',
      payload: {},
    });
    expect(readConfigurationCall('ocpp1.6', { name: 'HeartbeatInterval' }).payload).toEqual({
      key: ['HeartbeatInterval'],
    });
    expect(
      readConfigurationCall('ocpp2.0.1', { component: 'OCPPCommCtrlr', name: 'HeartbeatInterval' }),
    ).toEqual({
      action: 'GetVariables',
      payload: {
        getVariableData: [
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
        ],
      },
    });
    expect(changeConfigurationCall('ocpp1.6', { name: 'HeartbeatInterval' }, '60')).toEqual({
      action: 'ChangeConfiguration',
      payload: { key: 'HeartbeatInterval', value: '60' },
    });
    expect(
      changeConfigurationCall(
        'ocpp2.0.1',
        { component: 'OCPPCommCtrlr', name: 'HeartbeatInterval' },
        '60',
      ).payload,
    ).toEqual({
      setVariableData: [
        {
          attributeValue: '60',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
      ],
    });
  });

  it('reads a GetConfiguration answer as another make sends it: sorted, values left out', () => {
    expect(
      configurationOf({
        configurationKey: [
          { key: 'Zeta', readonly: true, value: '1' },
          { key: 'Alpha', readonly: false },
          { readonly: true, value: 'no key' },
        ],
        unknownKey: ['Nope'],
      }),
    ).toEqual({
      entries: [
        { key: 'Alpha', value: null, readonly: false },
        { key: 'Zeta', value: '1', readonly: true },
      ],
      unknown: ['Nope'],
    });
    expect(configurationOf(null)).toEqual({ entries: [], unknown: [] });
  });
});
