// Package servecmd implements `sitegen serve`, the authoring server: it
// builds the site, serves it on the loopback interface, watches the
// sources and publishes every save before the browser is switched to.
//
//   - Watching: content/, static/ and site.toml, plus (when the source is
//     the d6codex repository) the Go and templ code in templates/, rules/,
//     calc/, wasm/ and cmd/; see package watch for batching, editors'
//     temporary files and the polling fallback.
//   - Updating: the last good site stays loaded with its dependency
//     graph; any change of the content, in every layout, goes through
//     site.Site.Update, which re-reads, re-renders and writes only what it
//     changes (pages, the navigation, links to a renamed heading, embeds).
//     A settings file (detect.Settings) is a full build with the settings
//     read again, a static file with a fixed name is copied, a stylesheet
//     change is a full build that browsers apply without reloading.
//     Nothing is published unless the build is free of errors, so the
//     last good site keeps being served; broken links are warnings while
//     authoring (--broken-links error makes them errors), printed when
//     new and shown in a panel of the browser.
//   - Telling the browsers: the server injects a script into the HTML it
//     serves (the files on disk do not change) that listens to
//     Server-Sent Events on /__sitegen/events: reload after a published
//     build (keeping the scroll position, or going to the edited page with
//     --navigate, or following the page to its new URL when it moved),
//     fetch again a picture written in place, swap stylesheets, show the
//     warnings in a panel that leaves the page readable, or show an overlay
//     listing the build errors (file:line, message, page) until a good
//     build.
//   - Hosts: only localhost, IP addresses, the --bind name and the
//     --allowed-hosts names are answered (hostPolicy, against DNS
//     rebinding); a non-loopback bind prints a warning.
//   - Failures: a rebuild that fails, even by a panic or because content/
//     is gone, shows the overlay and keeps the last good site served.
//   - Code changes: templ generate, go build of sitegen (and a compile
//     check of the WebAssembly module), then the process execs the new
//     binary, which inherits the listening socket; browsers reconnect and
//     reload. Compiler errors go to the overlay and the old binary keeps
//     running.
package servecmd

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"d6codex/cmd/sitegen/buildcmd"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/watch"
)

// Usage is the help text of `sitegen serve`.
const Usage = `usage: sitegen serve [flags]

Build the site, serve it, and rebuild on every change to content/,
static/ and site.toml (and to the code, when run from the repository),
reloading the browsers. Build errors show as an overlay in the browser
while the last good build keeps being served.

Flags:
  --bind ADDR           interface to listen on (default 127.0.0.1)
  --allowed-hosts LIST  more host names to answer, comma-separated
                        (".example.org" allows its subdomains too); the
                        server answers only localhost, IP addresses and
                        the --bind name, against DNS rebinding
  -p, --port N          port (default 1313)
  -s, --source DIR      site source directory (default ".")
  -d, --dest DIR        output directory (default: a temporary folder, so
                        public/ keeps the production build)
  -b, --base-url URL    base URL (default http://BIND:PORT/)
  -D, --drafts          include what the tools' "do not publish" flags leave
                        out (draft: true, publish: false, …): a preview
  --poll DUR            poll for changes every DUR (e.g. 500ms) instead of
                        using file system events (network or VM mounts)
  --debounce DUR        quiet time that ends a batch of changes (default 20ms)
  --navigate            send browsers to the page that was just edited
  -e, --environment ENV a Hugo site's environment: config/ENV/ read over
                        config/_default/ (default development, as hugo
                        server; sitegen build's is production)
  --broken-links MODE   "error": broken links fail the build as they do in
                        sitegen build; by default they are warnings while
                        authoring, listed in the terminal and the browser

A save re-renders only the pages it changes (a note's text, the pages that
link to a heading renamed, the navigation when a title changes); a
settings file (site.toml, _config.yml, mkdocs.yml, .obsidian/app.json, …)
is read again with a full build. Warnings are printed when new and listed
in a panel of the browser; a page renamed or moved is followed to its new
URL, and its old URL redirects there while serving.
`

// Run runs `sitegen serve` with the arguments after "serve" and returns
// the exit code. It returns when ctx is cancelled.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f buildcmd.Flags
	f.Register(fs)
	bind := fs.String("bind", "127.0.0.1", "interface to listen on")
	allowedHosts := fs.String("allowed-hosts", "", "more host names to answer")
	var port int
	fs.IntVar(&port, "port", 1313, "port")
	fs.IntVar(&port, "p", 1313, "port")
	poll := fs.Duration("poll", 0, "poll interval")
	debounce := fs.Duration("debounce", 20*time.Millisecond, "quiet time that ends a batch")
	navigate := fs.Bool("navigate", false, "go to the edited page")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, Usage)
			return 0
		}
		fmt.Fprintf(stderr, "sitegen serve: %v\n\n%s", err, Usage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sitegen serve: unexpected argument %q\n\n%s", fs.Arg(0), Usage)
		return 2
	}
	if err := f.Check(); err != nil {
		fmt.Fprintf(stderr, "sitegen serve: %v\n\n%s", err, Usage)
		return 2
	}
	var allowed []string
	if *allowedHosts != "" {
		allowed = strings.Split(*allowedHosts, ",")
	}
	if err := serve(ctx, config{flags: f, bind: *bind, port: port, poll: *poll, debounce: *debounce,
		navigate: *navigate, allowedHosts: allowed}, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "sitegen serve: %v\n", err)
		return 1
	}
	return 0
}

// config is the parsed command line.
type config struct {
	flags    buildcmd.Flags
	bind     string
	port     int
	poll     time.Duration
	debounce time.Duration
	navigate bool
	// allowedHosts are host names answered besides localhost, IP
	// addresses and the bind name.
	allowedHosts []string
}

// serveOptions are the build options of serve for the flags f: a
// page whose frame alone changed is written without parsing it again
// (Incremental), the build cache is kept up to date for a
// `sitegen build --incremental` after serve (ReuseBuild: Site.SaveCache
// after each update), and broken links are warnings while authoring unless
// --broken-links says otherwise (a vault's genuine broken links are
// listed, and the site is served; `sitegen build` stays strict).
func serveOptions(f buildcmd.Flags) content.Options {
	if f.Environment == "" {
		f.Environment = "development" // `hugo server`'s default environment
	}
	opts := f.Options()
	opts.Incremental = true
	opts.ReuseBuild = true // the build cache, written as serve goes, makes a build after serve a small one
	if f.BrokenLinks == "" {
		opts.BrokenLinks = "warn"
	}
	return opts
}

// watchOptions is what serve watches (watchFor), settings files included
// (settingsNames).
func watchOptions(repo bool, lay *layout.Layout, source, dest string) watch.Options {
	wo := watchFor(repo, lay, source, dest)
	var hidden []string
	wo.Names, hidden = settingsNames(wo.Names, lay)
	wo.Keep = append(wo.Keep, hidden...)
	return wo
}

// serve runs the session until ctx is cancelled.
func serve(ctx context.Context, c config, stdout, stderr io.Writer) error {
	ln, inherited, err := inheritedListener()
	if err != nil {
		return err
	}
	if !inherited {
		if ln, err = net.Listen("tcp", net.JoinHostPort(c.bind, strconv.Itoa(c.port))); err != nil {
			return fmt.Errorf("listen: %w", err)
		}
	}
	defer ln.Close()
	workDir := os.Getenv(envWorkDir)
	os.Unsetenv(envWorkDir)
	if workDir == "" {
		if workDir, err = os.MkdirTemp("", "sitegen-serve-"); err != nil {
			return fmt.Errorf("work folder: %w", err)
		}
	}
	defer os.RemoveAll(workDir) // not run when the process execs a new binary, which takes it over
	removeOldBinaries(filepath.Join(workDir, "bin"))

	addr := ln.Addr().String()
	if c.flags.BaseURL == "" {
		c.flags.BaseURL = "http://" + addr + "/"
	}
	opts := serveOptions(c.flags)
	if c.flags.Dest == "" {
		opts.Dest = filepath.Join(workDir, "public")
	} else if err := site.CheckDest(opts); err != nil {
		return err // no build could ever publish there
	}
	var settingsErr *layout.ConfigError
	if lay, err := detect.LayoutIn(c.flags.Source, opts.Environment); err == nil {
		opts.Layout = lay // else the first build reports the settings' error
		fmt.Fprintf(stdout, "sitegen: %s\n", lay.Describe())
	} else if !errors.As(err, &settingsErr) {
		return err // no folder to serve: nothing a save could mend
	}
	opts.Waiting = buildcmd.WaitingLine("sitegen serve", opts.Dest, stderr)
	srv := &server{
		opts:     opts,
		repo:     isRepo(c.flags.Source),
		navigate: c.navigate,
		out:      stdout,
		err:      stderr,
		hub:      newHub(instanceID()),
		pending:  map[string]kind{},
	}
	if srv.repo {
		srv.restart = func(ctx context.Context) ([]problem, error) {
			bin, ps, err := compile(ctx, c.flags.Source, filepath.Join(workDir, "bin"))
			if err != nil || len(ps) > 0 {
				return ps, err
			}
			fmt.Fprintln(stdout, "restarting with the new binary")
			return nil, reexec(ln, bin, workDir)
		}
	}
	// Watch before the first build, so that no save is lost in between.
	wo := watchOptions(srv.repo, opts.Layout, c.flags.Source, opts.Dest)
	wo.Debounce, wo.Poll = c.debounce, c.poll
	wo.OnError = func(err error) { fmt.Fprintf(stderr, "sitegen serve: %v\n", err) }
	w, err := watch.New(wo)
	if err != nil {
		return err
	}
	defer w.Close()
	srv.watchFiles = w.Watch
	srv.rebuild(ctx)

	hosts := newHostPolicy(c.bind, c.allowedHosts)
	hs := &http.Server{Handler: hosts.wrap(newHandler(opts.Dest, srv.hub)), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	fmt.Fprintf(stdout, "serving at http://%s/ (Ctrl+C to stop)\n", addr)
	if !isLoopback(c.bind) {
		fmt.Fprintf(stderr, "sitegen serve: warning: bound to %s, so other machines can reach this development server;"+
			" it is meant for authoring, not for publishing (use sitegen build)\n", c.bind)
	}
	srv.loop(ctx, w.Batches())

	srv.hub.close() // event streams never go idle: end them before Shutdown waits for idle
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(shut)
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// instanceID returns a random identifier for this server process.
func instanceID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
