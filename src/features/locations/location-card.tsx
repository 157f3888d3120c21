import { memo, useId } from 'react';
import type { Location } from '@/api/schemas/location';
import { Button } from '@/components/ui/button';
import { CAPABILITIES, formatPhone } from './location-filter';

function Badge({ tone, children }: { tone: 'indigo' | 'slate' | 'green'; children: string }) {
  const tones = {
    indigo: 'border-indigo-700 bg-indigo-50 text-indigo-900',
    slate: 'border-slate-500 bg-slate-100 text-slate-800',
    green: 'border-green-700 bg-green-50 text-green-900',
  };
  return (
    <span className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

export interface LocationCardProps {
  location: Location;
  isCurrent: boolean;
  onChoose: (location: Location) => void;
}

/**
 * Whether a card offers its "Use this location" button (where Tab stops): an active checkout
 * point (a till rings up sales there; a warehouse is none) that is not this terminal's already.
 */
export const canChoose = (l: Location, isCurrent: boolean) =>
  l.active && l.is_checkout_point && !isCurrent;

/**
 * One location: address, contact, opening hours, what it can do, and the way to make it this
 * terminal's location. Phone and email are text, not links: only http(s) URLs may reach an href.
 */
export const LocationCard = memo(function LocationCard({
  location: l,
  isCurrent,
  onChoose,
}: LocationCardProps) {
  const headingId = useId();
  const phone = formatPhone(l.country_code, l.contact_phone);
  const addressLines = [
    l.address_line1,
    l.address_line2,
    l.landmark,
    [l.city, [l.state, l.pincode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    l.country,
  ].filter((line): line is string => !!line && line.trim() !== '');

  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-lg border bg-white p-4 ${isCurrent ? 'border-2 border-indigo-700' : 'border-slate-300'} ${l.active ? '' : 'bg-slate-50'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="mr-auto text-lg font-semibold text-slate-900">
          {l.name}
        </h2>
        {l.is_default ? <Badge tone="indigo">Default</Badge> : null}
        {isCurrent ? <Badge tone="green">This terminal</Badge> : null}
        {l.active ? null : <Badge tone="slate">Inactive</Badge>}
      </div>

      <div className="mt-3 grid gap-4 text-slate-800 md:grid-cols-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Address</h3>
          <p>
            {addressLines.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1">
          <dt className="text-sm font-semibold text-slate-700">Phone</dt>
          <dd className="break-words">{phone ?? 'Not listed'}</dd>
          <dt className="text-sm font-semibold text-slate-700">Email</dt>
          <dd className="break-all">{l.contact_email || 'Not listed'}</dd>
          <dt className="text-sm font-semibold text-slate-700">Hours</dt>
          <dd>{l.opening_hours || 'Not listed'}</dd>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Services</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {CAPABILITIES.map((c) => (
              <li key={c.key} className={l[c.key] ? '' : 'text-slate-600'}>
                <span aria-hidden="true" className="inline-block w-5">
                  {l[c.key] ? '✓' : '✗'}
                </span>
                {l[c.key] ? c.label : c.none}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-3">
        {isCurrent ? (
          <p className="font-semibold text-green-900">In use on this terminal.</p>
        ) : canChoose(l, isCurrent) ? (
          <Button
            variant="secondary"
            // the visible words first, so voice control users can say what they see
            aria-label={`Use this location: ${l.name}`}
            onClick={() => onChoose(l)}
          >
            Use this location
          </Button>
        ) : !l.active ? (
          <p className="text-slate-700">Inactive locations cannot be chosen.</p>
        ) : (
          <p className="text-slate-700">
            Not a checkout point: a POS terminal cannot ring up sales here.
          </p>
        )}
      </div>
    </article>
  );
});
