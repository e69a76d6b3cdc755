export type DemoLocale = 'en' | 'fr';

const TEXT: Readonly<Record<DemoLocale, Readonly<Record<string, string>>>> = {
  en: {
    title: 'Lac Bleu Trips: demo checkout',
    tagline: 'A demo shop on the fake payment provider: no real money moves.',
    language: 'Language',
    newOrder: 'New order',
    checkout: 'Checkout',
    cards: 'Test cards',
    card: 'Card number',
    outcome: 'Outcome',
    cardsHint: 'Any future expiry (12/30) and any CVC (123).',
    inbox: 'Webhook inbox',
    inboxEmpty: 'No webhook yet: one arrives when the payment ends.',
    log: 'Event log',
    orderFailed: 'The order could not be created. Check your connection, then press New order.',
    newOrderConfirm: 'This order has payments held, paid or under way. A new order cancels it: what it holds is released, what it took is refunded. Start a new order?',
  },
  fr: {
    title: 'Lac Bleu Voyages : paiement de démonstration',
    tagline: 'Une boutique de démonstration sur le prestataire fictif : aucun argent réel ne circule.',
    language: 'Langue',
    newOrder: 'Nouvelle commande',
    checkout: 'Finaliser la commande',
    cards: 'Cartes de test',
    card: 'Numéro de carte',
    outcome: 'Résultat',
    cardsHint: 'N’importe quelle date future (12/30) et n’importe quel cryptogramme (123).',
    inbox: 'Webhooks reçus',
    inboxEmpty: 'Aucun webhook pour l’instant : il arrive quand le paiement se termine.',
    log: 'Journal des évènements',
    orderFailed: 'La commande n’a pas pu être créée. Vérifiez votre connexion, puis appuyez sur Nouvelle commande.',
    newOrderConfirm: 'Cette commande a des paiements réservés, payés ou en cours. Une nouvelle commande l’annule : ce qui est réservé est libéré, ce qui a été prélevé est remboursé. Créer une nouvelle commande ?',
  },
};

const CARDS: readonly (readonly [string, string, string])[] = [
  ['4111111111111111', 'authorized in full', 'acceptée en totalité'],
  ['4000000000000002', 'declined: bank refusal', 'refusée : refus de la banque'],
  ['4000000000009995', 'declined: insufficient funds', 'refusée : provision insuffisante'],
  ['4000000000000069', 'declined: expired card', 'refusée : carte expirée'],
  ['4000000000000010', 'half the amount granted (partial authorization)', 'moitié du montant accordée (autorisation partielle)'],
  ['4000000000003220', '3-D Secure challenge, then authorized', 'authentification 3-D Secure, puis acceptée'],
];

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The demo shop page: no inline script or style (the CSP forbids both); demo.js mounts the
 * components from the SDK files the service serves, and fills the inbox and the log.
 * `basePath` is PUBLIC_BASE_URL's path: the browser asks for everything under it, through the proxy.
 */
export function renderDemoPage(locale: DemoLocale, basePath = ''): string {
  const t = TEXT[locale];
  const at = escape(basePath);
  const rows = CARDS.map(([number, en, fr]) => `<tr><td><code>${number}</code></td><td>${escape(locale === 'fr' ? fr : en)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title as string)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${at}/elements/sdk/v1/splitpay.css">
<link rel="stylesheet" href="${at}/demo/assets/demo.css">
<script src="${at}/elements/sdk/v1/splitpay.js" defer></script>
<script src="${at}/demo/assets/demo.js" defer></script>
</head>
<body>
<header class="demo-header">
<div>
<h1>${escape(t.title as string)}</h1>
<p>${escape(t.tagline as string)}</p>
</div>
<nav aria-label="${escape(t.language as string)}" class="demo-lang">
<a href="${at}/demo?lang=en" hreflang="en" lang="en"${locale === 'en' ? ' aria-current="page"' : ''}>English</a>
<a href="${at}/demo?lang=fr" hreflang="fr" lang="fr"${locale === 'fr' ? ' aria-current="page"' : ''}>Français</a>
</nav>
</header>
<main class="demo-main">
<section class="demo-checkout" aria-labelledby="demo-checkout-heading">
<div class="demo-row"><h2 id="demo-checkout-heading">${escape(t.checkout as string)}</h2><button type="button" id="demo-new-order" class="demo-button" data-confirm="${escape(t.newOrderConfirm as string)}">${escape(t.newOrder as string)}</button></div>
<p id="demo-order-failed" class="demo-order-failed" role="alert" data-text="${escape(t.orderFailed as string)}"></p>
<div id="demo-mount"></div>
</section>
<aside class="demo-side">
<section aria-labelledby="demo-cards-heading">
<h2 id="demo-cards-heading">${escape(t.cards as string)}</h2>
<table class="demo-cards">
<thead><tr><th scope="col">${escape(t.card as string)}</th><th scope="col">${escape(t.outcome as string)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>${escape(t.cardsHint as string)}</p>
</section>
<section aria-labelledby="demo-inbox-heading">
<h2 id="demo-inbox-heading">${escape(t.inbox as string)}</h2>
<p id="demo-inbox-empty">${escape(t.inboxEmpty as string)}</p>
<ul id="demo-inbox" class="demo-inbox" aria-live="polite"></ul>
</section>
<section aria-labelledby="demo-log-heading">
<h2 id="demo-log-heading">${escape(t.log as string)}</h2>
<ol id="demo-log" class="demo-log"></ol>
</section>
</aside>
</main>
</body>
</html>`;
}

const TERMS: Record<DemoLocale, { readonly title: string; readonly text: string }> = {
  en: { title: 'Terms of sale (demo)', text: "These are the demo shop's terms of sale. Nothing is sold and no real money moves." },
  fr: { title: 'Conditions générales de vente (démo)', text: 'Voici les conditions générales de vente de la boutique de démonstration. Rien n’est vendu et aucun argent réel ne circule.' },
};

export function renderTermsPage(locale: DemoLocale = 'en'): string {
  const t = TERMS[locale];
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.title)}</title></head>
<body><main><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p></main></body>
</html>`;
}
