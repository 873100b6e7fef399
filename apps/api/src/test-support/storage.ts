import { buffer } from 'node:stream/consumers';
import type { FileStore } from '../lib/storage/index.ts';

/** What the store holds under `key`, whole (test files are small). */
export async function storedBytes(storage: FileStore, key: string): Promise<Buffer> {
  return buffer(await storage.read(key));
}

/** The keys the store holds under `prefix`, sorted. */
export async function storedKeys(storage: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}
