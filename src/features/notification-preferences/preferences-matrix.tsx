import { useLayoutEffect, useRef } from 'react';
import { type Control, Controller } from 'react-hook-form';
import {
  CATEGORIES,
  CHANNELS,
  type Category,
  type Channel,
  type NotificationPreferences,
} from '@/api/schemas/notification-preferences';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { CATEGORY_LABELS, CHANNEL_LABELS, switchName } from './preference-labels';
import { useMediaQuery } from './use-media-query';

export interface MatrixProps {
  control: Control<NotificationPreferences>;
  /** Which switches differ from the last saved (or suggested) state. */
  isChanged: (category: Category, channel: Channel) => boolean;
  setCategory: (category: Category, on: boolean) => void;
  disabled: boolean;
}

function ChannelSwitch({
  control,
  category,
  channel,
  disabled,
  hideLabel,
}: {
  control: Control<NotificationPreferences>;
  category: Category;
  channel: Channel;
  disabled: boolean;
  hideLabel: boolean;
}) {
  return (
    <Controller
      control={control}
      name={`${category}.${channel}`}
      render={({ field }) => (
        <Switch
          label={switchName(category, channel)}
          checked={field.value}
          onCheckedChange={field.onChange}
          disabled={disabled}
          hideLabel={hideLabel}
        />
      )}
    />
  );
}

/** Said in words, not only colour, so it reaches everyone (and screen readers read it in the cell). */
function ChangedMark() {
  return (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
      Changed
    </span>
  );
}

function CategoryButtons({
  category,
  setCategory,
  disabled,
}: {
  category: Category;
  setCategory: MatrixProps['setCategory'];
  disabled: boolean;
}) {
  const name = CATEGORY_LABELS[category].name.toLowerCase();
  // the visible text is short; the category in the name says which row it acts on, after the
  // visible words, as they are seen (label in name, WCAG 2.5.3: "click Turn all on" by voice
  // finds it). Spaces stay
  // outside the hidden span (name computation trims an element's own text), and one wrapping span
  // keeps the words a single flex item, so the button's gap does not open up between them.
  return (
    <div className="flex flex-wrap gap-2 whitespace-nowrap">
      <Button variant="secondary" disabled={disabled} onClick={() => setCategory(category, true)}>
        <span>
          Turn all on <span className="sr-only">for {name}</span>
        </span>
      </Button>
      <Button variant="secondary" disabled={disabled} onClick={() => setCategory(category, false)}>
        <span>
          Turn all off <span className="sr-only">for {name}</span>
        </span>
      </Button>
    </div>
  );
}

function MatrixTable({ control, isChanged, setCategory, disabled }: MatrixProps) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">Notifications by category and channel</caption>
      <thead>
        <tr className="border-b-2 border-slate-300">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Category
          </th>
          {CHANNELS.map((channel) => (
            // wide enough for the "Changed" mark, so columns do not jump on a toggle
            <th key={channel} scope="col" className="w-28 px-3 py-2 font-semibold">
              {CHANNEL_LABELS[channel].column}
            </th>
          ))}
          <th scope="col" className="py-2 pl-3 font-semibold">
            All channels
          </th>
        </tr>
      </thead>
      <tbody>
        {CATEGORIES.map((category) => (
          <tr key={category} className="border-b border-slate-200 align-middle">
            <th scope="row" className="py-3 pr-4 font-normal">
              <span className="block font-semibold">{CATEGORY_LABELS[category].name}</span>
              <span className="block text-sm text-slate-700">
                {CATEGORY_LABELS[category].description}
              </span>
            </th>
            {CHANNELS.map((channel) => (
              <td key={channel} className="px-3 py-3">
                <div className="flex flex-col items-start">
                  <ChannelSwitch
                    control={control}
                    category={category}
                    channel={channel}
                    disabled={disabled}
                    hideLabel
                  />
                  {/* the line is kept even when empty, so a toggle does not move the rows */}
                  <span className="h-5">
                    {isChanged(category, channel) ? <ChangedMark /> : null}
                  </span>
                </div>
              </td>
            ))}
            <td className="py-3 pl-3">
              <CategoryButtons category={category} setCategory={setCategory} disabled={disabled} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Narrow screens: one card per category; each switch carries its full name as its label. */
function MatrixCards({ control, isChanged, setCategory, disabled }: MatrixProps) {
  return (
    <div className="flex flex-col gap-4">
      {CATEGORIES.map((category) => {
        const headingId = `notification-category-${category}`;
        return (
          <section
            key={category}
            aria-labelledby={headingId}
            className="rounded-lg border border-slate-300 bg-white p-4"
          >
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {CATEGORY_LABELS[category].name}
            </h2>
            <p className="text-sm text-slate-700">{CATEGORY_LABELS[category].description}</p>
            <ul className="mt-2 flex flex-col">
              {CHANNELS.map((channel) => (
                <li key={channel} className="flex flex-wrap items-center gap-2">
                  <ChannelSwitch
                    control={control}
                    category={category}
                    channel={channel}
                    disabled={disabled}
                    hideLabel={false}
                  />
                  {isChanged(category, channel) ? <ChangedMark /> : null}
                </li>
              ))}
            </ul>
            <div className="mt-3">
              <CategoryButtons category={category} setCategory={setCategory} disabled={disabled} />
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The category x channel matrix: a table with row and column headers where there is room for
 * one, cards per category on a phone. Only one is rendered, so each switch exists once.
 */
export function PreferencesMatrix(props: MatrixProps) {
  const wide = useMediaQuery('(min-width: 48rem)', true);
  // Zoom or a rotation crossing the width swaps one for the other, and the control focus was on
  // goes with it: focus would fall to the page. The same control in the new layout (a switch or
  // button by its name, the same in both) takes it instead
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  useLayoutEffect(() => {
    const name = focused.current;
    if (name === null || !box.current || document.activeElement !== document.body) return;
    [...box.current.querySelectorAll('button')].find((b) => nameOf(b) === name)?.focus();
  }, [wide]);
  return (
    <div
      ref={box}
      onFocus={(e) => {
        focused.current = nameOf(e.target);
      }}
      onBlur={(e) => {
        // gone elsewhere; a control taken out of the page (the swap) moves focus nowhere
        if (e.relatedTarget) focused.current = null;
      }}
    >
      {wide ? <MatrixTable {...props} /> : <MatrixCards {...props} />}
    </div>
  );
}

/** A control's name, as in both layouts: its label (a switch), or its words (a button). */
const nameOf = (control: Element) =>
  control.getAttribute('aria-label') ??
  control.closest('label')?.textContent ??
  control.textContent;
