const RETURN_STATUS: Record<string, string> = {
  created: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  shipped: 'Picked up',
  received: 'Received by the store',
  complete: 'Complete',
  cancelled: 'Cancelled',
};

const REFUND_STATUS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  success: 'Refunded',
  failed: 'Failed',
};

const PAYMENT_MODE: Record<string, string> = {
  // the customer's, whoever reads it (a cashier sees the confirmation too)
  PaymentGateway: 'The original payment method',
  BankTransfer: 'Bank transfer',
};

const RESOLUTION: Record<string, string> = { refund: 'Refund', replacement: 'Replacement' };

// unknown values from a newer service are shown as sent rather than hidden
export const statusLabel = (status: string) => RETURN_STATUS[status] ?? status;
export const refundStatusLabel = (status: string) => REFUND_STATUS[status] ?? status;
export const paymentModeLabel = (mode: string) => PAYMENT_MODE[mode] ?? mode;
export const resolutionLabel = (resolution: string) => RESOLUTION[resolution] ?? resolution;
