import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function LeaveConfirmation() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Close the question</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        title="Leave the daily challenge?"
        description="Your answer will be counted as wrong."
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Stay
            </Button>
            <Button onClick={() => setOpen(false)}>Leave</Button>
          </>
        }
      />
    </>
  );
}

describe('Dialog', () => {
  it('takes focus, keeps it inside, and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<LeaveConfirmation />);
    const opener = screen.getByRole('button', { name: 'Close the question' });

    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: 'Leave the daily challenge?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back after an action closes it', async () => {
    const user = userEvent.setup();
    render(<LeaveConfirmation />);
    const opener = screen.getByRole('button', { name: 'Close the question' });

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Leave' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
