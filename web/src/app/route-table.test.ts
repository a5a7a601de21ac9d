import { describe, expect, it } from 'vitest';
import { accountStates, routeForState } from '../features/auth/account-state.ts';
import { accountStatesByPath, statesForPath } from './route-table.ts';

describe('route table', () => {
  it("accepts every state on that state's own route (else the gate would redirect forever)", () => {
    for (const state of accountStates) {
      if (state === 'Loading') continue;
      expect(statesForPath(routeForState[state]), state).toContain(state);
    }
  });

  it('never lists Loading as an accepted state', () => {
    for (const states of Object.values(accountStatesByPath)) expect(states).not.toContain('Loading');
  });

  it('finds the states of parameterised routes and leaves public pages open', () => {
    expect(statesForPath('/community/bericht/12')).toEqual(['ProfileComplete']);
    expect(statesForPath('/community/profiel/3')).toEqual(['ProfileComplete']);
    expect(statesForPath('/community/leden')).toEqual(['ProfileComplete']);
    expect(statesForPath('/account/lidmaatschap')).toEqual(['MembershipComplete', 'ProfileComplete']);
    for (const open of [
      '/',
      '/kennisbank',
      '/kennisbank/iets',
      '/community',
      '/podcasts/x',
      '/bestaat-niet',
    ]) {
      expect(statesForPath(open), open).toBeUndefined();
    }
  });
});
