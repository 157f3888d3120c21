import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { focusWhenDrawn } from '@/testing/focus-when-drawn';
import { useFocusOnArrival } from './focus-on-arrival';

/** A panel whose Send and field report a failure; another panel's button beside it. */
function Panels() {
  const [failures, setFailures] = useState(0);
  const news = failures > 0 ? { failures } : null;
  const ref = useFocusOnArrival<HTMLDivElement>(news);
  const fail = () => setFailures((n) => n + 1);
  return (
    <>
      <section aria-label="Panel">
        <input
          aria-label="Points"
          onKeyDown={(e) => {
            if (e.key === 'Enter') fail();
          }}
        />
        <button onClick={fail}>Send</button>
        <button onClick={() => setTimeout(fail, 100)}>Send slowly</button>
        {news ? (
          <div ref={ref} tabIndex={-1} data-testid="news">
            <p role="alert">Failed {news.failures}</p>
          </div>
        ) : null}
      </section>
      <section aria-label="Elsewhere">
        <button>Other</button>
        <button disabled={news !== null}>Off once news comes</button>
      </section>
    </>
  );
}

describe('useFocusOnArrival', () => {
  it('takes focus from a button of its own section, and again for each new arrival', async () => {
    const user = userEvent.setup();
    render(<Panels />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByTestId('news')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed 2');
    expect(screen.getByTestId('news')).toHaveFocus();
  });

  it('takes focus in the commit that draws a late answer: never on screen with focus elsewhere', async () => {
    const user = userEvent.setup();
    render(<Panels />);
    const focus = focusWhenDrawn(() => screen.queryByTestId('news'));
    await user.click(screen.getByRole('button', { name: 'Send slowly' }));
    expect(await focus).toBe(screen.getByTestId('news'));
  });

  it('leaves focus in a field: the news is an alert, heard from there', async () => {
    const user = userEvent.setup();
    render(<Panels />);
    await user.type(screen.getByRole('textbox', { name: 'Points' }), '5{Enter}');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Points' })).toHaveFocus();
  });

  it('leaves focus where the user moved on to while the request was out', async () => {
    const user = userEvent.setup();
    render(<Panels />);
    await user.click(screen.getByRole('button', { name: 'Send slowly' }));
    await user.click(screen.getByRole('button', { name: 'Other' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Other' })).toHaveFocus();
  });

  it('takes focus from a control the news turns off, which the browser would drop to the page', async () => {
    const user = userEvent.setup();
    render(<Panels />);
    await user.click(screen.getByRole('button', { name: 'Send slowly' }));
    await user.click(screen.getByRole('button', { name: 'Off once news comes' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByTestId('news')).toHaveFocus();
  });
});
