# The shared cache of the compose set-up (compose.yaml's `cache`, behind nginx): it keeps what the
# instances mark `public` for as long as `s-maxage` says, answers while an instance re-renders
# (`stale-while-revalidate`) or while both are down (`stale-if-error`), and forgets everything on a
# BAN from the instances' admin cache clear. Decision record 018 says why; docs/operations.md,
# "For CDN operators", states the same key for any other shared cache.
vcl 4.1;

import directors;
import std;

probe healthz {
    .url = "/healthz";
    .timeout = 2s;
    .interval = 5s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

backend app1 {
    .host = "app1";
    .port = "3000";
    .probe = healthz;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 30s;
}

backend app2 {
    .host = "app2";
    .port = "3000";
    .probe = healthz;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 30s;
}

# Who may empty the cache: the instances (and anything else) on the private network. nginx never
# passes a BAN on from outside.
acl purgers {
    "127.0.0.0"/8;
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "::1";
    "fc00::"/7;
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(app1);
    site.add_backend(app2);
}

sub vcl_recv {
    set req.backend_hint = site.backend();
    # Internal markers are the cache's own, never a client's.
    if (req.restarts == 0) {
        unset req.http.x-kn-refetch;
        unset req.http.x-kn-lang;
        unset req.http.x-kn-cache;
    }
    # vcl_hit asked for a fresh copy: a stale one no longer counts as a hit.
    if (req.http.x-kn-refetch) {
        set req.grace = 0s;
    }

    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(405, "Not allowed"));
        }
        ban("obj.http.x-url ~ .");
        return (synth(200, "Banned"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        # Forms, the admin clear: always the instances'.
        return (pass);
    }
    # A session or a one-time result: the page is rendered for this visitor alone.
    if (req.http.Cookie ~ "(^|;)\s*(__Host-session|__session|kn_flash)=") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }

    # Only the closed notices (`dismissed`) and the language (`lang`) change an anonymous page:
    # every other cookie goes, and the two left are written in one order, so `Vary: Cookie` finds
    # one copy per combination.
    set req.http.x-kn-dismissed = "";
    set req.http.x-kn-lang-cookie = "";
    if (req.http.Cookie ~ "(^|;)\s*dismissed=[^;]*") {
        set req.http.x-kn-dismissed = regsub(req.http.Cookie, "^(?:.*;)?\s*dismissed=([^;]*).*$", "dismissed=\1");
    }
    if (req.http.Cookie ~ "(^|;)\s*lang=(en|jp|ru|tr|fr|de|ua|es|zh)\s*(;|$)") {
        set req.http.x-kn-lang-cookie = regsub(req.http.Cookie, "^(?:.*;)?\s*lang=(en|jp|ru|tr|fr|de|ua|es|zh)\s*(?:;.*)?$", "lang=\1");
    }
    set req.http.Cookie = req.http.x-kn-dismissed;
    if (req.http.x-kn-lang-cookie != "") {
        if (req.http.Cookie != "") {
            set req.http.Cookie = req.http.Cookie + "; ";
        }
        set req.http.Cookie = req.http.Cookie + req.http.x-kn-lang-cookie;
    }
    if (req.http.Cookie == "") {
        unset req.http.Cookie;
    }
    unset req.http.x-kn-dismissed;
    unset req.http.x-kn-lang-cookie;

    # An unprefixed path is English for visitors who want English and a redirect for the others:
    # its copies are told apart by the language the site would pick (the `lang` cookie, else the
    # first Accept-Language tag the site speaks, else English; ja is /jp/, uk is /ua/). The
    # instances get that one tag as Accept-Language, so `Vary: Accept-Language` holds one copy
    # per language, not one per browser's header.
    # Files (/assets/…, /favicon.svg, /locales/…) are the same in every language.
    if (req.url !~ "^/(jp|ru|tr|fr|de|ua|es|zh)(/|\?|$)" &&
        req.url !~ "^/(assets|locales)/" && req.url !~ "^[^?]*\.[A-Za-z0-9]+(\?|$)") {
        if (req.http.Cookie ~ "(^|; )lang=") {
            set req.http.x-kn-lang = regsub(req.http.Cookie, "^.*lang=([a-z]+).*$", "\1");
        } elsif (req.http.Accept-Language ~ "(?i)(^|,)\s*(en|ja|ru|tr|fr|de|uk|es|zh)\s*([-_;,]|$)") {
            set req.http.x-kn-lang = std.tolower(regsub(req.http.Accept-Language,
                "(?i)^.*?(?:^|,)\s*(en|ja|ru|tr|fr|de|uk|es|zh)\s*(?:[-_;,].*)?$", "\1"));
        } else {
            set req.http.x-kn-lang = "en";
        }
        set req.http.x-kn-lang = regsub(regsub(req.http.x-kn-lang, "^ja$", "jp"), "^uk$", "ua");
        set req.http.Accept-Language = regsub(regsub(req.http.x-kn-lang, "^jp$", "ja"), "^ua$", "uk");
    }
    # Never the builtin's pass on a Cookie header: what is left of it is part of the key.
    return (hash);
}

sub vcl_hash {
    # The page's own query: ad-click parameters do not change a page (app/http/ad-params.ts).
    hash_data(regsub(regsub(regsuball(req.url,
        "(?i)([?&])(utm_[a-z_]+|gclid|fbclid|msclkid|yclid|_ga)=[^&]*", "\1"),
        "[?&]+$", ""), "([?&])&+", "\1"));
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    if (req.http.x-kn-lang) {
        hash_data(req.http.x-kn-lang);
    }
    return (lookup);
}

sub vcl_hit {
    if (obj.ttl >= 0s) {
        set req.http.x-kn-cache = "HIT";
        return (deliver);
    }
    # Within stale-while-revalidate: this old copy now, a new one fetched in the background.
    if (obj.ttl + std.duration(obj.http.x-swr, 0s) > 0s) {
        set req.http.x-kn-cache = "STALE";
        return (deliver);
    }
    # Past it, the old copy is used only while no instance is healthy (stale-if-error, kept as
    # the object's grace); otherwise the visitor waits for a fresh one.
    if (!std.healthy(req.backend_hint)) {
        set req.http.x-kn-cache = "STALE";
        return (deliver);
    }
    set req.http.x-kn-refetch = "1";
    return (restart);
}

sub vcl_backend_response {
    # For bans (the ban lurker reads objects, never requests), and which instance answered.
    set beresp.http.x-url = bereq.url;
    set beresp.http.X-Served-By = beresp.backend.name;
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" ||
        beresp.ttl <= 0s || beresp.http.Vary == "*") {
        # Personal or unstorable: remembered as such for a while, so requests do not queue on it.
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The lifetimes come from the instance's Cache-Control (s-maxage is beresp.ttl already);
    # set here, not left to the builtin's parsing. Grace covers both stale windows; vcl_hit
    # decides which one applies.
    set beresp.http.x-swr = "0s";
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=\d+") {
        set beresp.http.x-swr = regsub(beresp.http.Cache-Control,
            "(?i)^.*stale-while-revalidate=(\d+).*$", "\1s");
    }
    set beresp.http.x-sie = "0s";
    if (beresp.http.Cache-Control ~ "(?i)stale-if-error=\d+") {
        set beresp.http.x-sie = regsub(beresp.http.Cache-Control,
            "(?i)^.*stale-if-error=(\d+).*$", "\1s");
    }
    set beresp.grace = std.duration(beresp.http.x-swr, 0s);
    if (std.duration(beresp.http.x-sie, 0s) > beresp.grace) {
        set beresp.grace = std.duration(beresp.http.x-sie, 0s);
    }
    # And as long again for a conditional refresh (If-None-Match) instead of a whole page.
    set beresp.keep = std.duration(beresp.http.x-sie, 0s);
    unset beresp.http.x-sie;
    return (deliver);
}

sub vcl_deliver {
    if (!req.http.x-kn-cache) {
        set req.http.x-kn-cache = "MISS";
    }
    set resp.http.X-Cache = req.http.x-kn-cache;
    # The instance that rendered this answer, only when one just did.
    if (req.http.x-kn-cache != "MISS") {
        unset resp.http.X-Served-By;
    }
    unset resp.http.x-url;
    unset resp.http.x-swr;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
    return (deliver);
}

sub vcl_synth {
    set resp.http.Cache-Control = "no-store";
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = resp.reason + {"
"};
    return (deliver);
}
