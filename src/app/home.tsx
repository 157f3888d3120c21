import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { useSession } from '@/lib/session';
import { useStoreConfig } from '@/lib/use-store-config';

const AREAS = [
  {
    to: '/pos',
    title: 'POS terminal',
    text: 'Open a cart, link a customer, redeem loyalty points, print a receipt.',
  },
  {
    to: '/pos/locations',
    title: 'Store locations',
    text: "Choose this terminal's store location.",
  },
  {
    to: '/account/notifications',
    title: 'Notification settings',
    text: 'Choose which messages you get, and where.',
  },
  {
    to: '/account/returns/new',
    title: 'Return an item',
    text: 'Request a pickup for a refund or replacement.',
  },
  { to: '/store', title: 'About the store', text: 'Currency, policies and how to reach us.' },
];

export function Home() {
  // a name of only spaces is none (the schema trims it)
  const brand = useStoreConfig().data?.brand.name;
  const { identity } = useSession();
  const areas = AREAS.filter((a) => !(identity?.role === 'customer' && a.to.startsWith('/pos')));
  return (
    <Page title="Home" heading={brand ? `Welcome to ${brand}` : 'Welcome'}>
      {!identity ? (
        <p>
          <Link to="/settings" className="font-semibold text-indigo-800 underline">
            Sign in
          </Link>{' '}
          to use the POS terminal or your account.
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((a) => (
          <li key={a.to}>
            <Link
              to={a.to}
              className="flex h-full flex-col gap-1 rounded-lg border border-slate-300 bg-white p-5 hover:border-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600"
            >
              <span className="text-lg font-semibold text-indigo-900">{a.title}</span>
              <span className="text-slate-700">{a.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
