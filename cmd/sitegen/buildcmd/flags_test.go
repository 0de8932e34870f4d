package buildcmd

import (
	"flag"
	"io"
	"testing"
)

// TestFlagsCache: the page cache of a build is opt-in (--incremental, as
// Jekyll's), --no-cache turns every cache off.
func TestFlagsCache(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		reuse   bool
		noCache bool
	}{
		{nil, false, false},
		{[]string{"--incremental"}, true, false},
		{[]string{"--incremental", "--no-cache"}, true, true},
		{[]string{"--no-cache"}, false, true},
	} {
		var f Flags
		fs := flag.NewFlagSet("build", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f.Register(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		o := f.Options()
		if o.ReuseBuild != tc.reuse || (o.CacheDir == "-") != tc.noCache {
			t.Errorf("%v: ReuseBuild %v, CacheDir %q; want %v, disabled %v", tc.args, o.ReuseBuild, o.CacheDir, tc.reuse, tc.noCache)
		}
	}
}
