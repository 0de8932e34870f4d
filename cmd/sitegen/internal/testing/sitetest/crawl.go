package sitetest

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	attrRE    = regexp.MustCompile(`\s(?:href|src|action)="([^"]*)"`)
	refreshRE = regexp.MustCompile(`<meta http-equiv="refresh" content="[^"]*?url=([^"]*)"`)
	locRE     = regexp.MustCompile(`<loc>([^<]*)</loc>`)
)

// Crawl checks a built site through a real server, as a browser and a
// search engine meet it: every file of dir (the output folder) is fetched
// from base (the server's URL of that folder, ending in "/") by its
// percent-encoded name, and every URL the files hold (href, src and
// action attributes and meta refreshes of HTML, <loc> of XML, and the
// strings of JSON files that start with "/", such as the search index's)
// must answer 200 when it leads to base's host. It returns the number of
// URLs checked and the broken ones, as "file: URL (status)".
func Crawl(t testing.TB, dir, base string) (checked int, broken []string) {
	t.Helper()
	root, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{} // URL -> status
	get := func(u string) (int, []byte) {
		if st, ok := seen[u]; ok && st != http.StatusOK {
			return st, nil
		}
		resp, err := http.Get(u)
		if err != nil {
			t.Fatalf("GET %s: %v", u, err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatalf("GET %s: %v", u, err)
		}
		seen[u] = resp.StatusCode
		return resp.StatusCode, body
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, ".") {
			return nil // the build's marker and other hidden files are not served
		}
		page := root.ResolveReference(&url.URL{Path: rel})
		st, body := get(page.String())
		checked++
		if st != http.StatusOK {
			broken = append(broken, fmt.Sprintf("%s: %s (%d)", rel, page, st))
			return nil
		}
		for _, ref := range refs(rel, body) {
			u, err := page.Parse(ref)
			if err != nil {
				broken = append(broken, fmt.Sprintf("%s: %q (%v)", rel, ref, err))
				continue
			}
			if u.Host != root.Host || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			u.Fragment, u.RawFragment = "", ""
			checked++
			if st, _ := get(u.String()); st != http.StatusOK {
				broken = append(broken, fmt.Sprintf("%s: %s (%d)", rel, ref, st))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return checked, broken
}

// refs returns the URLs written in the file named rel.
func refs(rel string, body []byte) []string {
	var out []string
	switch {
	case strings.HasSuffix(rel, ".html"):
		for _, m := range attrRE.FindAllSubmatch(body, -1) {
			out = append(out, html.UnescapeString(string(m[1])))
		}
		for _, m := range refreshRE.FindAllSubmatch(body, -1) {
			out = append(out, html.UnescapeString(string(m[1])))
		}
	case strings.HasSuffix(rel, ".xml"):
		for _, m := range locRE.FindAllSubmatch(body, -1) {
			out = append(out, html.UnescapeString(string(m[1])))
		}
	case strings.HasSuffix(rel, ".json"):
		var v any
		if json.Unmarshal(body, &v) == nil {
			out = jsonPaths(v, out)
		}
	}
	return out
}

// jsonPaths collects the strings of v that are root-relative URLs.
func jsonPaths(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "/") && !strings.HasPrefix(x, "//") {
			out = append(out, x)
		}
	case []any:
		for _, e := range x {
			out = jsonPaths(e, out)
		}
	case map[string]any:
		for _, e := range x {
			out = jsonPaths(e, out)
		}
	}
	return out
}
