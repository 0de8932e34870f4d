package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	tests := []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{nil, 2, "", "usage: sitegen COMMAND"},
		{[]string{"help"}, 0, "commands:", ""},
		{[]string{"--help"}, 0, "build    build the site", ""},
		{[]string{"help", "build"}, 0, "usage: sitegen build", ""},
		{[]string{"help", "serve"}, 0, "usage: sitegen serve", ""},
		{[]string{"help", "nope"}, 2, "", `unknown command "nope"`},
		{[]string{"version"}, 0, "sitegen ", ""},
		{[]string{"--version"}, 0, "sitegen ", ""},
		{[]string{"frobnicate"}, 2, "", `sitegen: unknown command "frobnicate"`},
		{[]string{"build", "--bogus"}, 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), tt.args, stdio{strings.NewReader(""), &out, &errb})
			if code != tt.code {
				t.Errorf("code = %d, want %d", code, tt.code)
			}
			if !strings.Contains(out.String(), tt.stdout) {
				t.Errorf("stdout = %q, want it to contain %q", out.String(), tt.stdout)
			}
			if !strings.Contains(errb.String(), tt.errs) {
				t.Errorf("stderr = %q, want it to contain %q", errb.String(), tt.errs)
			}
		})
	}
}
