import {
  type AlertPreferencesInput,
  type AlertSubscribeInput,
  type Language,
  languages,
  type MyAlertSubscription,
} from '@pressroom/contract';

// Following an exhibitor is following its company in the reader's e-mail alerts of the site: the alerts'
// own subscription, changed through the alerts API.

type Subscription = NonNullable<MyAlertSubscription['subscription']>;

export type FollowPlan =
  /** No active subscription: subscribing the account's own address (active at once) needs consent. */
  | { kind: 'subscribe'; body: Omit<AlertSubscribeInput, 'consent'> }
  | { kind: 'update'; token: string; body: AlertPreferencesInput }
  /** Nothing left to follow: a subscription naming no company or brand would bring every release. */
  | { kind: 'unsubscribe'; token: string }
  /** The subscription names no company or brand: it already brings every company's releases. */
  | { kind: 'coveredByAll' };

/** The reader's language first (the mail's language when a release has it), then every other. */
const languagesFor = (reader: string): Language[] => {
  const first = languages.find((language) => language === reader) ?? 'en';
  return [first, ...languages.filter((language) => language !== first)];
};

const ids = (items: { id: number }[]) => items.map((item) => item.id);

export function planFollow(
  subscription: Subscription | null,
  company: number,
  account: { email: string; language: string },
): FollowPlan {
  if (subscription?.status === 'active') {
    if (subscription.companies.length === 0 && subscription.brands.length === 0)
      return { kind: 'coveredByAll' };
    const companies = ids(subscription.companies);
    return {
      kind: 'update',
      token: subscription.manage_token,
      body: { companies: companies.includes(company) ? companies : [...companies, company] },
    };
  }
  // A subscription waiting for its mailed link keeps its choices; subscribing the account's own address
  // activates it.
  return {
    kind: 'subscribe',
    body: {
      email: account.email,
      languages: subscription ? (subscription.languages as Language[]) : languagesFor(account.language),
      companies: [...new Set([...(subscription ? ids(subscription.companies) : []), company])],
      brands: subscription ? ids(subscription.brands) : [],
      frequency: subscription?.frequency ?? 'each',
      embargoed_early: subscription?.embargoed_early ?? false,
    },
  };
}

export function planUnfollow(subscription: Subscription | null, company: number): FollowPlan | null {
  if (!subscription) return null;
  const companies = ids(subscription.companies).filter((id) => id !== company);
  if (companies.length === 0 && subscription.brands.length === 0) {
    return { kind: 'unsubscribe', token: subscription.manage_token };
  }
  return { kind: 'update', token: subscription.manage_token, body: { companies } };
}
