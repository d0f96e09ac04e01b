import {
  DEFAULT_TAG_MANAGER_HOST,
  dsnOrigin,
  type IntegrationsConfig,
} from "~/config/integrations";

export interface IntegrationHosts {
  script: string[];
  connect: string[];
  frame: string[];
}

/**
 * Google's own tag hosts: the container and Google Analytics 4 load from and report to these
 * (Google's CSP guide for Tag Manager). Images are already allowed from any https host.
 */
const GOOGLE_TAG_HOSTS = {
  script: ["https://*.googletagmanager.com"],
  connect: [
    "https://*.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
  ],
};

/**
 * The hosts the Content-Security-Policy must allow for the configured integrations, and only
 * for those: nothing when none is configured. The scripts are added by the site's own, which the
 * policy allows by their hashes ('strict-dynamic' trusts what those add); the hosts are for
 * browsers without CSP 3 and for the connections, frames and reports the scripts make.
 */
export function integrationHosts(integrations: IntegrationsConfig): IntegrationHosts {
  const hosts: IntegrationHosts = { script: [], connect: [], frame: [] };
  const { tagManager, consent, errors } = integrations;
  if (tagManager) {
    const origin = new URL(tagManager.host).origin;
    if (origin === DEFAULT_TAG_MANAGER_HOST) {
      hosts.script.push(...GOOGLE_TAG_HOSTS.script);
      hosts.connect.push(...GOOGLE_TAG_HOSTS.connect);
    } else {
      hosts.script.push(origin);
      hosts.connect.push(origin);
    }
  }
  if (consent) {
    const origins = [new URL(consent.src).origin, ...consent.hosts];
    hosts.script.push(...origins);
    hosts.connect.push(...origins);
    hosts.frame.push(...origins);
  }
  if (errors) hosts.connect.push(dsnOrigin(errors.dsn));
  return {
    script: [...new Set(hosts.script)],
    connect: [...new Set(hosts.connect)],
    frame: [...new Set(hosts.frame)],
  };
}
