/** The sites in the pictures' vaults, each with the letter tile that stands in for its icon. */
export interface Site {
  name: string;
  domain: string;
  letter: string;
  bg: string;
  fg: string;
}

const site = (
  name: string,
  domain: string,
  bg: string,
  fg = "#FFFFFF",
  letter = name.slice(0, 1),
): Site => ({
  name,
  domain,
  letter,
  bg,
  fg,
});

export const SITES = {
  amazon: site("Amazon", "amazon.com", "#FF9900", "#142233", "a"),
  dropbox: site("Dropbox", "dropbox.com", "#0061FE"),
  github: site("GitHub", "github.com", "#24292F"),
  google: site("Google", "accounts.google.com", "#1A73E8"),
  linkedin: site("LinkedIn", "linkedin.com", "#0A66C2", "#FFFFFF", "in"),
  netflix: site("Netflix", "netflix.com", "#B20710"),
  paypal: site("PayPal", "paypal.com", "#003087"),
  spotify: site("Spotify", "spotify.com", "#1DB954", "#142233"),
  slack: site("Slack", "slack.com", "#4A154B"),
  aws: site("AWS", "console.aws.amazon.com", "#232F3E", "#FF9900", "A"),
  figma: site("Figma", "figma.com", "#7C3AED", "#FFFFFF"),
  disney: site("Disney+", "disneyplus.com", "#0E47A1"),
  adobe: site("Adobe", "adobe.com", "#CC0000"),
  ebay: site("eBay", "ebay.com", "#D1242F", "#FFFFFF", "e"),
  twitter: site("X", "x.com", "#0F1419"),
  instagram: site("Instagram", "instagram.com", "#C13584"),
  zoom: site("Zoom", "zoom.us", "#0B5CFF"),
  mail: site("Brightmail", "brightmail.com", "#6941C6", "#FFFFFF", "B"),
  visa: site("Visa", "", "#1A1F71", "#FFFFFF", "V"),
  master: site("Mastercard", "", "#EB001B", "#FFFFFF", "M"),
} as const satisfies Record<string, Site>;

export type SiteName = keyof typeof SITES;
