/**
 * What the content pages' Markdown (content/*.md, docs/contenu.md) may use: the values of its
 * placeholders and the layout of its blocks. Loaded by the build only
 * (scripts/vite-plugin-content.mjs), which renders the blocks to HTML here: no page imports this.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { company, fullAddress } from '../../../domain/company';
import { companyLegal } from '../../../domain/company-legal';
import { buyerFeeScale, MINIMUM_FEE_TTC, VAT_RATE, type FeeBracket } from '../../../domain/fees';
import { formatEuro, formatPercent } from '../../../domain/format';
import { minutesText, SIGNUP_MINUTES } from '../../../domain/form-duration';
import { retentionTexts } from '../../../domain/retention';
import { bracketRange, FeeScaleColumns } from '../components/fee-scale';
import { compileContent, type ContentData, type ContentPair, type ContentTable } from './compile';

const html = (node: ReactNode) => renderToStaticMarkup(node);
/** A cell or value the Markdown rendered, put as it is. */
const raw = (markup: string) => ({ __html: markup });

function feeRule(bracket: FeeBracket): string {
  if (bracket.rate === 0) return `Forfait de ${formatEuro(MINIMUM_FEE_TTC)}`;
  return `${formatPercent(bracket.rate)} du prix`;
}

/** The buyer's fee scale, TTC, as the conditions générales show it: `{{feeScale}}`. */
function FeeTable() {
  return (
    <div className="mb-2 overflow-x-auto rounded-box border border-base-300">
      <table className="table text-sm">
        <caption className="sr-only">Barème d’honoraires TTC à la charge de l’acquéreur</caption>
        <thead className="bg-base-200 text-base-content">
          <FeeScaleColumns />
        </thead>
        <tbody>
          {buyerFeeScale.map((bracket) => (
            <tr key={bracket.from}>
              <td>{bracketRange(bracket)}</td>
              <td className="font-semibold">{feeRule(bracket)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `::: faits Nom de la liste`: label and value pairs as a definition list, one row per pair. */
function Facts({ label, pairs }: { label: string; pairs: ContentPair[] }) {
  return (
    <dl
      aria-label={label}
      className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 px-5"
    >
      {pairs.map((pair) => (
        <div
          key={pair.label}
          className="grid gap-0.5 py-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-6"
        >
          <dt className="text-sm font-semibold text-base-content/70 sm:pt-0.5">{pair.label}</dt>
          <dd className="break-words" dangerouslySetInnerHTML={raw(pair.html)} />
        </div>
      ))}
    </dl>
  );
}

/**
 * `::: tableau Légende`: a table on wide screens, a stack of cards on phones (three columns of
 * legal text do not fit in 390 px). The first cell of each row names the row.
 */
function ResponsiveTable({ caption, table }: { caption: string; table: ContentTable }) {
  return (
    <div className="mb-6">
      <div className="hidden overflow-hidden rounded-box border border-base-300 md:block">
        <table className="table text-sm leading-6 [&_td]:align-top [&_th]:align-top">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-base-200 text-base-content">
            <tr>
              {table.head.map((column, c) => (
                <th key={c} scope="col" dangerouslySetInnerHTML={raw(column)} />
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th
                      key={c}
                      scope="row"
                      className="font-semibold"
                      dangerouslySetInnerHTML={raw(cell)}
                    />
                  ) : (
                    <td key={c} dangerouslySetInnerHTML={raw(cell)} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="list-none! space-y-3 pl-0! md:hidden">
        {table.rows.map((row, r) => (
          <li key={r} className="rounded-box border border-base-300 p-4 text-sm leading-6">
            <p className="mb-2! font-semibold" dangerouslySetInnerHTML={raw(row[0] ?? '')} />
            <dl className="mb-0! space-y-2">
              {row.slice(1).map((cell, c) => (
                <div key={c}>
                  <dt
                    className="text-xs font-semibold uppercase tracking-wide text-base-content/70"
                    dangerouslySetInnerHTML={raw(table.head[c + 1] ?? '')}
                  />
                  <dd dangerouslySetInnerHTML={raw(cell)} />
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const contentData: ContentData = {
  values: {
    company,
    companyLegal,
    fullAddress,
    /** '6 000 €' */
    minimumFee: formatEuro(MINIMUM_FEE_TTC),
    /** '20 %' */
    vatRate: formatPercent(VAT_RATE),
    /** How long the buyer signup takes, '3 minutes', as every page says it. */
    signupDuration: minutesText(SIGNUP_MINUTES),
    /** How long data is kept (issue 31, src/domain/retention.ts): '3 ans', '6 mois', '10 ans'. */
    retention: retentionTexts,
  },
  blockValues: {
    feeScale: html(<FeeTable />),
  },
  blocks: {
    faits: {
      content: 'pairs',
      render: (label, pairs) => html(<Facts label={label} pairs={pairs} />),
    },
    tableau: {
      content: 'table',
      render: (caption, table) => html(<ResponsiveTable caption={caption} table={table} />),
    },
    /** `::: note`: small grey text, under a table or before a form. */
    note: {
      content: 'html',
      render: (_, markup) =>
        html(
          <div className="text-sm text-base-content/75" dangerouslySetInnerHTML={raw(markup)} />,
        ),
    },
    /** `::: formulaire`: a form to fill in by hand, on white; its last line is a grey note. */
    formulaire: {
      content: 'html',
      render: (_, markup) =>
        html(
          <div
            className="mt-5 space-y-3 rounded-box bg-base-100 p-5 text-sm leading-6 [&_ul]:list-none! [&_ul]:space-y-2 [&_ul]:pl-0! [&>p:last-child]:text-base-content/70"
            dangerouslySetInnerHTML={raw(markup)}
          />,
        ),
    },
  },
  ownSite: company.siteUrl,
};

/** One content file compiled with these values: what the build's plugin calls. */
export function compileContentFile(source: string, file: string) {
  return compileContent(source, contentData, file);
}
