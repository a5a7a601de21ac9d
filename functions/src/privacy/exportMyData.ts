import type { exportMyData } from '@kring/contract';
import { adminLogAbout } from '../admin/admin-log.repo.ts';
import type { Handler } from '../lib/handler.ts';
import { documentsWithPdfOfMember } from '../subscription/invoices/invoices.repo.ts';
import { documentNumber } from '../subscription/invoices/money.ts';
import { priceNoticesOf } from '../subscription/plans/plans.repo.ts';
import { exportRows } from './privacy.repo.ts';

/** "Download mijn gegevens": every row Kring stores about the caller, as one JSON document. */
export const exportMyDataHandler: Handler<typeof exportMyData> = async ({ db, user }) => {
  const rows = await exportRows(db, user.uid);
  const invoices = await documentsWithPdfOfMember(db, user.uid);
  const priceNotices = await priceNoticesOf(db, user.uid);
  const adminLog = await adminLogAbout(db, user.uid);
  const account = rows.account ?? {
    uid: user.uid,
    email: user.email,
    role: 0,
    created_at: new Date().toISOString(),
  };
  return {
    exportedAt: new Date().toISOString(),
    account: {
      uid: account.uid,
      email: account.email,
      role: account.role,
      createdAt: String(account.created_at),
    },
    profile: rows.profile,
    membership: rows.membership,
    payments: rows.payments,
    posts: rows.posts,
    comments: rows.comments,
    postVotes: rows.postVotes,
    commentVotes: rows.commentVotes,
    messagesSent: rows.messagesSent,
    notifications: rows.notifications,
    mailPreferences: rows.mailPreferences,
    uploads: rows.uploads,
    reportsFiled: rows.reportsFiled,
    chatBlocks: rows.chatBlocks,
    suspensions: rows.suspensions,
    adminLog: adminLog.map((e) => ({
      action: e.action,
      reason: e.reason,
      details: e.details,
      created_at: e.created_at.toISOString(),
    })),
    priceNotices: priceNotices.map((n) => ({
      plan_id: n.plan_id,
      old_price_cents: n.old_price_cents,
      new_price_cents: n.new_price_cents,
      noticed_at: n.noticed_at.toISOString(),
      effective_from: n.effective_from.toISOString(),
      mailed_at: n.mailed_at?.toISOString() ?? null,
      applied_at: n.applied_at?.toISOString() ?? null,
    })),
    invoices: invoices.map((d) => ({
      number: documentNumber(d.number),
      kind: d.kind,
      paymentId: d.payment_id,
      issuedAt: d.issued_at.toISOString(),
      totalCents: d.total_cents,
      currency: d.currency,
      sha256: d.sha256,
      pdfBase64: d.pdf.toString('base64'),
    })),
  };
};
