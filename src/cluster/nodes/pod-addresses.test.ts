import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeAddresses } from './pod-addresses.ts';

test('the lowest address not held is handed out; one held twice is free only once both let go', () => {
  const book = new NodeAddresses();
  assert.equal(book.lowestFree('n1', '10.244.1.0/24'), '10.244.1.2');
  book.hold('n1', '10.244.1.2');
  book.hold('n1', '10.244.1.3');
  book.hold('n2', '10.244.1.4');
  assert.equal(book.lowestFree('n1', '10.244.1.0/24'), '10.244.1.4');
  book.hold('n1', '10.244.1.2');
  book.release('n1', '10.244.1.2');
  assert.equal(book.lowestFree('n1', '10.244.1.0/24'), '10.244.1.4');
  book.release('n1', '10.244.1.2');
  assert.equal(book.lowestFree('n1', '10.244.1.0/24'), '10.244.1.2');
  book.release('n1', '10.244.1.9');
  assert.equal(book.lowestFree('n1', '10.244.1.0/30'), '10.244.1.2');
  book.hold('n1', '10.244.1.2');
  assert.equal(book.lowestFree('n1', '10.244.1.0/30'), undefined);
});
