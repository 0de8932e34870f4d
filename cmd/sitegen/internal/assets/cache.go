package assets

import (
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Cache is a content-addressed store of derived bytes (compressed assets,
// built modules) in a folder that survives builds. The zero Cache (Dir "")
// stores nothing. A cache that cannot be read or written is skipped, never
// an error: it only costs time.
//
// Entries not used for CacheMaxAge are removed by Trim, which a build runs
// in the background at most once a day (as Go's build cache does); Get
// refreshes the time of an entry it uses, at most once an hour.
type Cache struct {
	// Dir is the cache folder; "" disables the cache.
	Dir string
}

const (
	// CacheMaxAge is how long an entry is kept without being used.
	CacheMaxAge = 30 * 24 * time.Hour
	// cacheTouch is how stale an entry's time may get before Get renews it.
	cacheTouch = time.Hour
	// cacheTrimEvery is how often Trim walks the cache.
	cacheTrimEvery = 24 * time.Hour
	// cacheTrimFile records, in Dir, when Trim last ran (Unix seconds).
	cacheTrimFile = "trim.txt"
)

// cacheEntry matches the names of the files the cache holds, by folder:
// Trim removes nothing else, whatever folder Dir turns out to be.
var cacheEntry = map[string]*regexp.Regexp{
	"precompressed": regexp.MustCompile(`^([0-9a-f]{64}\.(gz|br)\.\d+(\.w\d+)?|\.tmp-\d+)$`),
	"minified":      regexp.MustCompile(`^([0-9a-f]{64}\.(css|javascript)\.[0-9A-Za-z.+~-]+|\.tmp-\d+)$`),
	"wasm":          regexp.MustCompile(`^([0-9a-f]{32}-[a-z0-9_]+\.wasm|\.tmp-\d+)$`),
	"builds":        regexp.MustCompile(`^([0-9a-f]{24}\.gob|\.tmp-\d+)$`), // site's build cache
	"buildobjs":     regexp.MustCompile(`^([0-9a-f]{64}|\.tmp-\d+)$`),      // its pages' bodies, by content hash (before format 11)
}

// cacheSiteFolders are the cache folders that hold a folder per site,
// named as the site's index in builds/, and the names of the files in
// them: each site's build objects (buildobjs/SITE/).
var cacheSiteFolders = map[string]*regexp.Regexp{"buildobjs": cacheEntry["buildobjs"]}

// siteFolder matches the name of a site's folder (cacheSiteFolders).
var siteFolder = regexp.MustCompile(`^[0-9a-f]{24}$`)

// Get returns the entry name (a slash path under Dir), computing it with
// make and storing it when it is missing.
func (c Cache) Get(name string, make func() ([]byte, error)) ([]byte, error) {
	p := c.Path(name)
	if p == "" {
		return make()
	}
	if data, err := c.read(p); err == nil {
		return data, nil
	}
	data, err := make()
	if err != nil {
		return nil, err
	}
	c.Put(name, data)
	return data, nil
}

// read returns the content of the entry file p, renewing its time when it
// is older than cacheTouch so that Trim keeps entries in use.
func (c Cache) read(p string) ([]byte, error) {
	f, err := openNoFollow(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data := make([]byte, info.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	if now := time.Now(); now.Sub(info.ModTime()) > cacheTouch {
		_ = os.Chtimes(p, now, now) // best effort
	}
	return data, nil
}

// Path is the file of entry name, or "" when the cache is disabled or
// when a folder between Dir and the entry is a symbolic link: the cache
// never reads or writes through a link inside it (Dir itself may be one,
// a cache folder the user chose).
func (c Cache) Path(name string) string {
	if c.Dir == "" {
		return ""
	}
	root := filepath.Clean(c.Dir)
	p := filepath.Join(root, filepath.FromSlash(name))
	for d := filepath.Dir(p); len(d) > len(root) && strings.HasPrefix(d, root); d = filepath.Dir(d) {
		info, err := os.Lstat(d)
		if errors.Is(err, fs.ErrNotExist) {
			continue // made by WriteAtomic, a real folder
		}
		if err != nil || !info.IsDir() {
			return ""
		}
	}
	return p
}

// openNoFollow opens the file p for reading unless it is a symbolic link.
func openNoFollow(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|oNoFollow, 0)
}

// Put stores data as entry name, best effort.
func (c Cache) Put(name string, data []byte) {
	if p := c.Path(name); p != "" {
		_ = WriteAtomic(p, data)
	}
}

// Trim removes the entries not used for CacheMaxAge before now, unless it
// ran less than a day ago (Dir/trim.txt says when). It removes only files
// named like the cache's entries (and its writers' leftover temporary
// files) in the cache's own folders, and returns how many.
func (c Cache) Trim(now time.Time) (int, error) {
	if c.Dir == "" {
		return 0, nil
	}
	stamp := filepath.Join(c.Dir, cacheTrimFile)
	if b, err := readNoFollow(stamp); err == nil {
		if last, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil &&
			now.Sub(time.Unix(last, 0)) < cacheTrimEvery {
			return 0, nil
		}
	}
	if err := WriteAtomic(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		return 0, err // another build may trim; this one will not walk a cache it cannot mark
	}
	removed := 0
	var errs []error
	trim := map[string]*regexp.Regexp{}
	maps.Copy(trim, cacheEntry)
	for folder, entry := range cacheSiteFolders {
		if info, err := os.Lstat(filepath.Join(c.Dir, folder)); err != nil || !info.IsDir() {
			continue // missing, or a link: not the cache's own folder
		}
		sites, _ := os.ReadDir(filepath.Join(c.Dir, folder))
		for _, s := range sites {
			if s.IsDir() && siteFolder.MatchString(s.Name()) { // a real folder (ReadDir's type is Lstat's), named as a site's
				trim[folder+"/"+s.Name()] = entry
			}
		}
	}
	for folder, entry := range trim {
		if info, err := os.Lstat(filepath.Join(c.Dir, folder)); err != nil || !info.IsDir() {
			continue // missing, or a link: not the cache's own folder
		}
		files, err := os.ReadDir(filepath.Join(c.Dir, folder))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, f := range files {
			if !f.Type().IsRegular() || !entry.MatchString(f.Name()) {
				continue
			}
			info, err := f.Info()
			if err != nil || now.Sub(info.ModTime()) <= CacheMaxAge {
				continue
			}
			if err := os.Remove(filepath.Join(c.Dir, folder, f.Name())); err != nil {
				errs = append(errs, err)
				continue
			}
			removed++
		}
		if _, site := cacheEntry[folder]; !site {
			_ = os.Remove(filepath.Join(c.Dir, folder)) // a site's folder left empty goes (not when it holds anything)
		}
	}
	return removed, errors.Join(errs...)
}

// ReadFile reads the file p of the cache (in a folder Path checked), as
// Get reads an entry: never through a symbolic link, its time renewed so
// that Trim keeps it.
func (c Cache) ReadFile(p string) ([]byte, error) { return c.read(p) }

// readNoFollow reads the file p unless it is a symbolic link.
func readNoFollow(p string) ([]byte, error) {
	f, err := openNoFollow(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
