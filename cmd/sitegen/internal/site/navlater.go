package site

import (
	"context"
	"crypto/sha256"
	"maps"
	"path"
	"slices"
)

// NavLater makes the site's Updates leave the pages whose navigation
// alone changed (a page's new title shown in the navigation of every
// page of its section, or of every page) for WriteLater, which serve
// calls once the browsers have their reload: a save's own page, and the
// pages whose text or frame shows the change (links labelled by it,
// lists of children, breadcrumbs, previous and next), are on screen
// without waiting for the others (issue 35: a title save re-renders the
// navigation of one page before the push, not of every page showing it).
//
// The published pages stay complete HTML, each with its navigation
// written in, as a build writes them: they read without JavaScript, from
// file://, printed; once WriteLater returns the output is a build's, byte
// for byte. Until then a page left for it still shows the navigation
// before the save. The next Update writes them first if WriteLater was
// not called. A site in several languages sets it on each kept
// language's site too (localeupdate.go): their pages are written by the
// site's WriteLater.
func (s *Site) NavLater(on bool) {
	s.navLater = on
	for _, k := range s.kept {
		k.site.navLater = on
	}
}

// LaterPages is the root-relative URLs of the pages the last Update left
// for WriteLater (those of the kept languages' sites too).
func (s *Site) LaterPages() []string {
	urls := make([]string, 0, len(s.later))
	for _, o := range s.later {
		urls = append(urls, s.Cfg.RelURL(o.p.SitePath))
	}
	for _, k := range s.kept {
		urls = append(urls, k.site.LaterPages()...)
	}
	return urls
}

// WriteLater writes the pages the last Update left for it (NavLater),
// from their kept bodies and the frames that Update computed, and
// returns the files written (relative to Options.Dest), then those of
// the kept languages' sites (relative to the site's Options.Dest too). It
// does nothing when there are none.
func (s *Site) WriteLater(ctx context.Context) ([]string, error) {
	written, err := s.writeLater(ctx)
	if err != nil {
		return written, err
	}
	for _, k := range s.kept {
		more, err := k.site.writeLater(ctx)
		for _, o := range more {
			written = append(written, path.Join(k.path, o))
		}
		if err != nil {
			return written, err
		}
	}
	return written, nil
}

// writeLater is WriteLater of the site's own pages.
func (s *Site) writeLater(ctx context.Context) ([]string, error) {
	if len(s.later) == 0 {
		return nil, nil
	}
	g := s.Graph
	w := &changes{prev: g.Outs, sums: map[string][sha256.Size]byte{}, files: map[string][]byte{}}
	for _, o := range s.later {
		if b := g.Bodies[o.p.Rel]; b != nil {
			if b.Failed || b.Err {
				continue
			}
			b.Fill(o.v)
		}
		if err := s.writePages(ctx, w, o.p, o.v); err != nil {
			return nil, err
		}
	}
	unlock, err := s.hold(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	var written []string
	for _, rel := range slices.Sorted(maps.Keys(w.files)) {
		if err := publishFile(s.Opts.Dest, rel, w.files[rel]); err != nil {
			return written, err
		}
		g.Outs[rel] = w.sums[rel]
		written = append(written, rel)
	}
	maps.Copy(g.Outs, w.sums)
	for _, o := range s.later {
		g.SetFrame(o.p.SitePath, o.v)
	}
	s.later = nil
	return written, nil
}
