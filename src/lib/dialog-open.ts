/**
 * A dialog is open (Change the customer?, Reset demo data?): the keys and presses are its own. No
 * shortcut of the screen's (nor the Print key) takes them from it, and the Demo panel behind it
 * stays open.
 */
export const isDialogOpen = () =>
  document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
