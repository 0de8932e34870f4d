package servecmd

import (
	"net"
	"net/http"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// hostPolicy says which Host headers the dev server answers, against DNS
// rebinding: a page on an attacker's domain that re-resolves the domain to
// 127.0.0.1 reaches the server with its own name in Host, so only names
// the server is known by are answered (as Vite and webpack-dev-server do):
//
//   - IP addresses (a rebinding attack needs a domain name)
//   - localhost and names under .localhost
//   - the --bind host, when it is a name
//   - the --allowed-hosts entries: a name, or ".example.org" for that
//     domain and every name under it
type hostPolicy struct {
	names   map[string]bool // exact names, lower case
	domains []string        // ".example.org": the domain and names below it
}

// newHostPolicy returns the policy for a server bound to bind with the
// extra allowed names (comma-separated list entries, already split).
func newHostPolicy(bind string, allowed []string) *hostPolicy {
	p := &hostPolicy{names: map[string]bool{"localhost": true}}
	if b := strings.ToLower(strings.TrimSpace(bind)); b != "" && net.ParseIP(b) == nil {
		p.names[strings.TrimSuffix(b, ".")] = true
	}
	for _, a := range allowed {
		a = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(a)), ".")
		switch {
		case a == "" || a == ".":
		case strings.HasPrefix(a, "."):
			p.domains = append(p.domains, a)
		default:
			p.names[a] = true
		}
	}
	return p
}

// allows reports whether a request's Host header (host or host:port) is
// answered.
func (p *hostPolicy) allows(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true
	}
	if p.names[host] || strings.HasSuffix(host, ".localhost") {
		return true
	}
	for _, d := range p.domains {
		if host == d[1:] || strings.HasSuffix(host, d) {
			return true
		}
	}
	return false
}

// wrap answers 403 with a plain message to requests for other hosts.
func (p *hostPolicy) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !p.allows(r.Host) {
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "sitegen serve: this development server does not answer for host "+
				quoteHost(r.Host)+"; start it with --allowed-hosts to allow it", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// quoteHost quotes a Host header for a message, cut to a short length.
func quoteHost(h string) string {
	const limit = 64
	if len(h) > limit {
		h = h[:limit] + "…"
	}
	return `"` + strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return '?'
		}
		return r
	}, h) + `"`
}

// isLoopback reports whether a bind address only reaches this machine.
func isLoopback(bind string) bool {
	if strings.EqualFold(bind, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(bind, "[]"))
	return ip != nil && ip.IsLoopback()
}

// previewHosts makes a site whose languages each have a host of their
// own (Hugo's multihost: "you can configure a baseURL per language",
// https://gohugo.io/content-management/multilingual/) browsable from the
// one server: each language's base URL becomes its folder under base
// (http://127.0.0.1:1313/fr/), so the links inside a language's site
// stay in it and those to another language lead to that one's folder.
// hugo server serves each language at a base URL of its own instead, a
// port each (its testscripts/server/server__multihost.txt:
// $HUGOTEST_BASEURL_0, $HUGOTEST_BASEURL_1). The layout is changed in
// place; one that is not multihost is left as it is.
func previewHosts(lay *layout.Layout, base string) {
	if lay == nil || base == "" || len(lay.Locales) < 2 {
		return
	}
	for _, l := range lay.Locales {
		if l.BaseURL == "" || l.Path == "" {
			return
		}
	}
	for i := range lay.Locales {
		lay.Locales[i].BaseURL = strings.TrimSuffix(base, "/") + "/" + strings.Trim(lay.Locales[i].Path, "/") + "/"
	}
}
