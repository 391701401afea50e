import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allActed, currentTurn, type TurnRecipient } from './signing-turn.js';

const r = (
  id: number,
  signingOrder: number | null,
  role: TurnRecipient['role'] = 'SIGNER',
  signingStatus: TurnRecipient['signingStatus'] = 'NOT_SIGNED',
): TurnRecipient => ({
  id,
  role,
  signingOrder,
  signingStatus,
});
const ids = (s: Set<number>) => [...s].sort((a, b) => a - b);

test('PARALLEL: everyone still to act, never CC', () => {
  assert.deepEqual(
    ids(currentTurn([r(1, 1), r(2, 2), r(3, null, 'CC'), r(4, null, 'SIGNER', 'SIGNED')], 'PARALLEL')),
    [1, 2],
  );
});

test('SEQUENTIAL: the lowest order group, equal numbers together', () => {
  const list = [r(1, 2), r(2, 1), r(3, 1, 'APPROVER'), r(4, 3)];
  assert.deepEqual(ids(currentTurn(list, 'SEQUENTIAL')), [2, 3]);
  list[1]!.signingStatus = 'SIGNED';
  assert.deepEqual(ids(currentTurn(list, 'SEQUENTIAL')), [3], 'the group is done only when all of it is');
  list[2]!.signingStatus = 'SIGNED';
  assert.deepEqual(ids(currentTurn(list, 'SEQUENTIAL')), [1]);
});

test('SEQUENTIAL: CC never blocks; unnumbered recipients go one by one after the numbered', () => {
  const list = [r(5, null), r(6, null), r(7, 0, 'CC'), r(8, 4)];
  assert.deepEqual(ids(currentTurn(list, 'SEQUENTIAL')), [8]);
  list[3]!.signingStatus = 'SIGNED';
  assert.deepEqual(ids(currentTurn(list, 'SEQUENTIAL')), [5]);
});

test('done when every recipient who must act has signed', () => {
  assert.equal(allActed([r(1, 1, 'SIGNER', 'SIGNED'), r(2, null, 'CC')]), true);
  assert.equal(allActed([r(1, 1, 'SIGNER', 'SIGNED'), r(2, null, 'VIEWER')]), false);
});
