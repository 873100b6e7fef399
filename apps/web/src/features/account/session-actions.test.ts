import { roles, type SessionUser } from '@pressroom/contract';
import { describe, expect, it } from 'vitest';
import { mayEnter } from './session-actions.ts';

const user = (groups: string[]): SessionUser => ({
  id: 1,
  email: 'someone@example.com',
  first_name: 'Some',
  last_name: 'One',
  user_type: 'USER',
  language: 'en',
  groups: groups.map((name, index) => ({ id: index + 1, name })),
  permissions: [],
  company_id: null,
  consent_required: false,
});

describe('who may sign in', () => {
  it('admits each press-room group and the associated-companies administrators (back office only)', () => {
    for (const role of roles) expect(mayEnter(user([role]))).toBe(true);
  });

  it('refuses a user in none of the groups', () => {
    expect(mayEnter(user([]))).toBe(false);
    expect(mayEnter(user(['some_other_group']))).toBe(false);
  });
});
