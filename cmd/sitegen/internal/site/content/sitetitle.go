package content

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"d6codex/templates"
)

// The site's title when no setting gives one (LoadConfig):
//
//   - sitegen's own layout: the home page's (content/_index.md, else
//     content/index.md): its front matter's title, else the # heading
//     that starts it; else "Untitled".
//   - any other layout: the repository's name when the source folder is a
//     git checkout whose origin remote names one (.git/config's [remote
//     "origin"] url on another host, as GitHub Pages titles a site
//     without a title by its repository: jekyll-github-metadata's
//     site.title); else the
//     folder's name, as Obsidian names a vault.

// maxTitleRead bounds what is read of a file a fallback title comes from.
const maxTitleRead = 64 << 10

// homeSiteTitle makes the title of a site that no setting titles, in
// sitegen's own layout, its home page's own title (OwnTitle: the front
// matter's title, else the # heading that starts the page), as loaded;
// a home page without one leaves "Untitled".
func (s *Site) homeSiteTitle(pages []*Page) {
	if !s.Cfg.titleFromHome {
		return
	}
	for _, p := range pages {
		if p.Kind == templates.KindHome && p.OwnTitle && strings.TrimSpace(p.Title) != "" {
			s.Cfg.Title = strings.TrimSpace(p.Title)
			return
		}
	}
}

// originRepo is the name of the repository that the git checkout at dir
// was cloned from ("DnD-character-sheets" for
// https://github.com/raveious/DnD-character-sheets.git or
// git@github.com:raveious/DnD-character-sheets.git), "" when dir holds no
// .git folder with a regular config file naming an origin url. Nothing
// but that file is read; no git command is run.
func originRepo(dir string) string {
	file := filepath.Join(dir, ".git", "config")
	info, err := os.Lstat(file)
	if err != nil || !info.Mode().IsRegular() {
		return ""
	}
	if gi, err := os.Lstat(filepath.Join(dir, ".git")); err != nil || !gi.IsDir() {
		return ""
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxTitleRead))
	origin := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			origin = strings.EqualFold(strings.Join(strings.Fields(line), " "), `[remote "origin"]`)
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !origin || !ok || !strings.EqualFold(strings.TrimSpace(key), "url") {
			continue
		}
		u := strings.Trim(strings.TrimSpace(val), `"`)
		if !remoteURL(u) {
			return ""
		}
		return repoName(u)
	}
	return ""
}

// remoteURL reports whether git remote url u is on another host: a URL
// with a scheme other than file (https://, ssh://, git://) or git's
// scp-like form (git@github.com:owner/name). A path on this machine
// (/srv/mirror/repo, C:\src\repo, file:///…) is a clone of a folder,
// whose last segment names no repository anyone publishes.
func remoteURL(u string) bool {
	if scheme, _, ok := strings.Cut(u, "://"); ok {
		return scheme != "" && !strings.EqualFold(scheme, "file") && !strings.ContainsAny(scheme, `/\`)
	}
	// scp-like: "[user@]host:path", no slash before the first colon,
	// and a host longer than a drive letter ("C:").
	host, _, ok := strings.Cut(u, ":")
	return ok && len(host) > 1 && !strings.ContainsAny(host, `/\`)
}

// repoName is the last path segment of a git remote URL, without .git.
func repoName(u string) string {
	u = strings.TrimRight(u, "/")
	if i := strings.LastIndexAny(u, "/:"); i >= 0 {
		u = u[i+1:]
	}
	u = strings.TrimSuffix(u, ".git")
	if u == "" || u == "." || u == ".." || strings.ContainsAny(u, "\x00\n") {
		return ""
	}
	return u
}
