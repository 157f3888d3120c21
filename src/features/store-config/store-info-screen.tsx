import { Link } from 'react-router';
import type { StoreConfig } from '@/api/schemas/store-config';
import { ApiErrorAlert, useLoadFailure } from '@/components/api-error-alert';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { safeUrl } from '@/lib/safe-url';
import { useStoreConfig } from '@/lib/use-store-config';

const WEIGHT: Record<string, string> = {
  gm: 'grams',
  g: 'grams',
  kg: 'kilograms',
  lb: 'pounds',
  oz: 'ounces',
};
const LENGTH: Record<string, string> = {
  cm: 'centimetres',
  mm: 'millimetres',
  m: 'metres',
  in: 'inches',
};

const card = 'rounded-lg border border-slate-300 bg-white p-5';

function SocialLinks({ links }: { links: Record<string, unknown> }) {
  const safe = Object.entries(links)
    .map(([name, url]) => ({ name, href: safeUrl(url) }))
    .filter((l): l is { name: string; href: string } => l.href !== null);
  if (safe.length === 0) return <p>No social links.</p>;
  return (
    <ul className="flex flex-wrap gap-3">
      {safe.map((l) => (
        <li key={l.name}>
          <a
            href={l.href}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex min-h-11 items-center font-semibold text-indigo-800 capitalize underline"
          >
            {l.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function StoreInfo({ config }: { config: StoreConfig }) {
  const logo = safeUrl(config.brand.logo_url);
  const name = config.brand.name;
  const groups = config.customer_groups.filter((g) => g.active);
  const docs = config.kyc_documents.filter((d) => d.active);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="brand-h" className={card}>
        <h2 id="brand-h" className="text-lg font-semibold">
          Brand
        </h2>
        <div className="mt-3 flex items-center gap-4">
          {logo ? (
            <img
              src={logo}
              alt={name ? `${name} logo` : 'Logo'}
              width={64}
              height={64}
              className="size-16"
            />
          ) : null}
          {name ? <p className="text-xl font-bold">{name}</p> : null}
        </div>
        <h3 className="mt-4 font-semibold">Follow us</h3>
        <SocialLinks links={config.brand.social_media_links} />
      </section>
      <section aria-labelledby="money-h" className={card}>
        <h2 id="money-h" className="text-lg font-semibold">
          Currency and units
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">Currency</dt>
          <dd>
            {config.currency.name} ({config.currency.code}, {config.currency.symbol})
          </dd>
          <dt className="font-medium">Weight</dt>
          <dd>{WEIGHT[config.measurement.weight] ?? config.measurement.weight}</dd>
          <dt className="font-medium">Dimensions</dt>
          <dd>{LENGTH[config.measurement.dimension] ?? config.measurement.dimension}</dd>
        </dl>
      </section>
      {config.is_customer_group_enabled ? (
        <section aria-labelledby="groups-h" className={card}>
          <h2 id="groups-h" className="text-lg font-semibold">
            Customer groups
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {groups.map((g) => (
              <li key={g.id}>
                <span className="font-medium">{g.name}</span>
                {/* a space of its own: "Retail Default", not "RetailDefault", read aloud */}
                {g.is_default ? (
                  <>
                    {' '}
                    <span className="ml-1 rounded bg-slate-200 px-2 text-sm">Default</span>
                  </>
                ) : null}
                {g.description ? <p className="text-slate-700">{g.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {config.is_kyc_enabled ? (
        <section aria-labelledby="kyc-h" className={card}>
          <h2 id="kyc-h" className="text-lg font-semibold">
            Identity documents (KYC)
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {docs.map((d) => (
              <li key={d.id}>
                <span className="font-medium">{d.title}</span>{' '}
                <span className="text-sm">
                  ({d.is_mandatory ? 'required' : 'optional'}
                  {d.is_attachment_required ? ', upload needed' : ''})
                </span>
                {d.description ? <p className="text-slate-700">{d.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="pol-h" className={`${card} md:col-span-2`}>
        <h2 id="pol-h" className="text-lg font-semibold">
          Policies
        </h2>
        <ul className="mt-2 flex flex-wrap gap-4">
          <li>
            <Link
              to="/store/terms"
              className="inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
            >
              {config.terms_of_service.content_title || 'Terms of Service'}
            </Link>
          </li>
          <li>
            <Link
              to="/store/refund-policy"
              className="inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
            >
              {config.refund_policy.content_title || 'Refund policy'}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export function StoreInfoScreen() {
  const query = useStoreConfig();
  const { data, refetch, isFetching } = query;
  // a name of only spaces is none (the schema trims it): the heading falls back as if the
  // config had not come
  const brand = data?.brand.name;
  // a first load's failure stays while its Try again runs; the heading takes focus after
  const { failure, recovered } = useLoadFailure(query);
  return (
    <Page
      title="Store information"
      focusOnArrival={recovered || null}
      heading={brand ? `About ${brand}` : 'Store information'}
    >
      {data ? (
        <StoreInfo config={data} />
      ) : failure !== null ? (
        <ApiErrorAlert
          error={failure}
          onRetry={() => void refetch()}
          retrying={isFetching}
          subject="the store information"
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}
