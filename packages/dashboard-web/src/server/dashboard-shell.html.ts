import type { DashboardBundle } from './dashboard-bundle';

/**
 * The one HTML page of the dashboard. It carries no inline script or style (the CSP allows neither):
 * the bundle renders everything, and the noscript text says why the page is empty without it.
 * `basePath` is PUBLIC_BASE_URL's path: the browser asks for the assets under it, through the proxy.
 */
export function dashboardShell(bundle: DashboardBundle, basePath = ''): string {
  const { script, style } = bundle;
  const assets = `${basePath}/dashboard/assets`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>splitpay dashboard</title>
<link rel="stylesheet" href="${assets}/${style.name}" integrity="${style.integrity}">
<script src="${assets}/${script.name}" integrity="${script.integrity}" defer></script>
</head>
<body>
<div id="app"><noscript>The splitpay dashboard needs JavaScript. / Le tableau de bord splitpay a besoin de JavaScript.</noscript></div>
</body>
</html>
`;
}
