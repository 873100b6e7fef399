import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';

it('opens the embedded database with the shared buffers its opener names (the test databases’ 16 MB)', async () => {
  const database = await openDatabase({ pgliteSharedBuffers: '16MB' });
  try {
    expect((await database.query('SELECT current_setting($1) AS value', ['shared_buffers'])).rows).toEqual([
      { value: '16MB' },
    ]);
  } finally {
    await database.close();
  }
});
