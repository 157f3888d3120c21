import { Link } from 'react-router';
import type { ContentDocument, StoreConfig } from '@/api/schemas/store-config';
import { ApiErrorAlert, useLoadFailure } from '@/components/api-error-alert';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { StoreLogo } from '@/components/ui/store-logo';
import { externalUrl } from '@/lib/external-url';
import { useStoreConfig } from '@/lib/use-store-config';
import { isPublished } from './policy-content';

// a unit's code as stores write it (any case, singular or plural) to its name; an unknown code
// is shown as given
const UNITS: Record<string, string> = {
  g: 'grams',
  gm: 'grams',
  kg: 'kilograms',
  lb: 'pounds',
  lbs: 'pounds',
  oz: 'ounces',
  mm: 'millimetres',
  cm: 'centimetres',
  m: 'metres',
  in: 'inches',
  ft: 'feet',
};
const unitName = (code: string) => UNITS[code.trim().toLowerCase()] ?? code;

// Networks not spelt as their key with a capital letter (facebook, x, instagram, pinterest are)
const NETWORKS: Record<string, string> = {
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
  tiktok: 'TikTok',
};

/** "linkedin_company" -> "LinkedIn company", "my-blog" -> "My blog": in the text, not by CSS. */
export function socialName(key: string): string {
  const words = key
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => NETWORKS[w.toLowerCase()] ?? w);
  const name = words.join(' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const card = 'rounded-lg border border-slate-300 bg-white p-5';

function SocialLinks({ links }: { links: Record<string, unknown> }) {
  const safe = Object.entries(links)
    .map(([name, url]) => ({ name, href: externalUrl(url) }))
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
            className="inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
          >
            {socialName(l.name)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A link to a policy the store has published; one it left empty is said to be, not linked. */
function PolicyLink({
  to,
  doc,
  fallbackTitle,
}: {
  to: string;
  doc: ContentDocument;
  fallbackTitle: string;
}) {
  const title = doc.content_title || fallbackTitle;
  return (
    <li className="inline-flex min-h-11 items-center">
      {/* as the policy's screen says it (policy-screen.tsx) */}
      {isPublished(doc) ? (
        <Link
          to={to}
          className="inline-flex min-h-11 items-center font-semibold text-indigo-800 underline"
        >
          {title}
        </Link>
      ) : (
        `${title}: not published`
      )}
    </li>
  );
}

function StoreInfo({ config }: { config: StoreConfig }) {
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
          <StoreLogo
            url={config.brand.logo_url}
            alt={name ? `${name} logo` : 'Logo'}
            width={64}
            height={64}
            className="size-16"
          />
          {/* wrap-anywhere: a name of one long word must not widen the page (reflow at 320px) */}
          {name ? (
            <p dir="auto" className="min-w-0 text-xl font-bold wrap-anywhere">
              {name}
            </p>
          ) : null}
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
          <dd>{unitName(config.measurement.weight)}</dd>
          <dt className="font-medium">Dimensions</dt>
          <dd>{unitName(config.measurement.dimension)}</dd>
        </dl>
      </section>
      {config.is_customer_group_enabled ? (
        <section aria-labelledby="groups-h" className={card}>
          <h2 id="groups-h" className="text-lg font-semibold">
            Customer groups
          </h2>
          {groups.length === 0 ? (
            <p className="mt-3">This store has no customer groups.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {groups.map((g) => (
                <li key={g.id}>
                  <span dir="auto" className="font-medium">
                    {g.name}
                  </span>
                  {/* a space of its own: "Retail Default", not "RetailDefault", read aloud */}
                  {g.is_default ? (
                    <>
                      {' '}
                      <span className="ml-1 rounded bg-slate-200 px-2 text-sm">Default</span>
                    </>
                  ) : null}
                  {g.description ? (
                    <p dir="auto" className="text-slate-700">
                      {g.description}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {config.is_kyc_enabled ? (
        <section aria-labelledby="kyc-h" className={card}>
          <h2 id="kyc-h" className="text-lg font-semibold">
            Identity documents (KYC)
          </h2>
          {docs.length === 0 ? (
            <p className="mt-3">This store asks for no identity documents.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {docs.map((d) => (
                <li key={d.id}>
                  <span dir="auto" className="font-medium">
                    {d.title}
                  </span>{' '}
                  <span className="text-sm">
                    ({d.is_mandatory ? 'required' : 'optional'}
                    {d.is_attachment_required ? ', upload needed' : ''})
                  </span>
                  {d.description ? (
                    <p dir="auto" className="text-slate-700">
                      {d.description}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="pol-h" className={`${card} md:col-span-2`}>
        <h2 id="pol-h" className="text-lg font-semibold">
          Policies
        </h2>
        <ul className="mt-2 flex flex-wrap gap-4">
          <PolicyLink
            to="/store/terms"
            doc={config.terms_of_service}
            fallbackTitle="Terms of Service"
          />
          <PolicyLink
            to="/store/refund-policy"
            doc={config.refund_policy}
            fallbackTitle="Refund policy"
          />
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
