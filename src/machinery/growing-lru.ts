// An LRU of at most `entries` keys that allocates as it fills. lru-cache's `max` allocates every
// slot up front, which costs time and memory where many caches exist and few fill (a recorder per
// simulated kubelet, a decoded-object cache per served resource); bounding the size instead, each
// entry counting 1, evicts the same entries without the preallocation.

import { LRUCache } from 'lru-cache';

export function growingLru<K extends {}, V extends {}>(entries: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: entries, sizeCalculation: () => 1 });
}
