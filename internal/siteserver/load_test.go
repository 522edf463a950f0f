//go:build loadtest

package siteserver

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoad plays 200 slow clients against a real server on 127.0.0.1 (100
// downloading the 10 MB raw engine at 64 KB/s, 100 sending their headers a
// byte at a time, which ReadHeaderTimeout cuts off) while a burst of 4000
// asset requests comes in on 32 connections. Every asset request must
// succeed with the right bytes, and the process's heap must stay bounded
// (files are streamed: with whole-file reads, the slow downloads alone
// would hold 1 GB). Run with make load-test; it prints the figures.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewSource(1))
	files := map[string][]byte{}
	put := func(name string, size int) {
		b := make([]byte, size)
		rng.Read(b)
		files[name] = b
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	put("index.html", 4<<10)
	put("engine.0123abcd.wasm", 10<<20)
	put("engine.0123abcd.wasm.br", 2<<20)
	put("engine.0123abcd.wasm.gz", 3<<20)
	for i := 0; i < 20; i++ {
		put(fmt.Sprintf("assets/app%02d.89abcdef.js", i), 20<<10+rng.Intn(200<<10))
	}
	put("app.89abcdef.css", 30<<10)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, Handler(os.DirFS(dir))) }()

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peakHeap, peakGoroutines atomic.Uint64
	sampling := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-sampling:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peakHeap.Load() {
				peakHeap.Store(m.HeapInuse)
			}
			if g := uint64(runtime.NumGoroutine()); g > peakGoroutines.Load() {
				peakGoroutines.Store(g)
			}
		}
	}()

	var wg sync.WaitGroup
	slowFor := 8 * time.Second
	var slowBytes atomic.Int64
	var slowErrors atomic.Int64
	for i := 0; i < 100; i++ { // slow readers of the raw engine
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				slowErrors.Add(1)
				return
			}
			defer c.Close()
			fmt.Fprintf(c, "GET /engine.0123abcd.wasm HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
			buf := make([]byte, 1024)
			end := time.Now().Add(slowFor)
			for time.Now().Before(end) {
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				n, err := c.Read(buf)
				slowBytes.Add(int64(n))
				if err != nil {
					slowErrors.Add(1)
					return
				}
				time.Sleep(16 * time.Millisecond) // 64 KB/s
			}
		}()
	}
	var cutOff atomic.Int64
	for i := 0; i < 100; i++ { // slow headers
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			req := "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + string(bytes.Repeat([]byte("a"), 200))
			for i := 0; i < len(req); i++ {
				if _, err := c.Write([]byte{req[i]}); err != nil {
					cutOff.Add(1)
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}

	// The burst, once the slow clients hold their connections.
	time.Sleep(time.Second)
	names := make([]string, 0, len(files))
	for n := range files {
		if filepath.Ext(n) != ".br" && filepath.Ext(n) != ".gz" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32, DisableCompression: true}}
	const burst, workers = 4000, 32
	var failed atomic.Int64
	var firstFailure atomic.Value
	latencies := make([]time.Duration, burst)
	jobs := make(chan int)
	var bw sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		bw.Add(1)
		go func() {
			defer bw.Done()
			for i := range jobs {
				name := names[i%len(names)]
				if name == "engine.0123abcd.wasm" {
					name = "index.html"
				}
				enc := []string{"", "gzip", "br, gzip"}[i%3]
				req, _ := http.NewRequest("GET", "http://"+addr+"/"+name, nil)
				if enc != "" {
					req.Header.Set("Accept-Encoding", enc)
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, err.Error())
					continue
				}
				body, err := io.ReadAll(bufio.NewReader(res.Body))
				res.Body.Close()
				latencies[i] = time.Since(t0)
				if err != nil || res.StatusCode != 200 || !bytes.Equal(body, files[name]) {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, fmt.Sprintf("%s: %d %v", name, res.StatusCode, err))
				}
			}
		}()
	}
	for i := 0; i < burst; i++ {
		jobs <- i
	}
	close(jobs)
	bw.Wait()
	burstTime := time.Since(start)
	wg.Wait()
	close(sampling)
	stop()
	require.NoError(t, <-served)

	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	peak := peakHeap.Load()
	t.Logf("burst: %d asset requests on %d connections in %v (%.0f req/s), p50 %v, p99 %v, failed %d",
		burst, workers, burstTime.Round(time.Millisecond), float64(burst)/burstTime.Seconds(),
		latencies[burst/2].Round(time.Microsecond), latencies[burst*99/100].Round(time.Microsecond), failed.Load())
	t.Logf("slow clients: 100 readers got %.1f MB in %v (%d errors); 100 slow-header clients, %d cut off by ReadHeaderTimeout",
		float64(slowBytes.Load())/1e6, slowFor, slowErrors.Load(), cutOff.Load())
	t.Logf("memory: heap in use %.1f MB before, peak %.1f MB during; peak goroutines %d",
		float64(base.HeapInuse)/1e6, float64(peak)/1e6, peakGoroutines.Load())
	if f := firstFailure.Load(); f != nil {
		t.Logf("first failure: %v", f)
	}
	assert.Zero(t, failed.Load(), "no asset request fails")
	assert.Zero(t, slowErrors.Load(), "slow readers are served, not dropped, within WriteTimeout")
	assert.Equal(t, int64(100), cutOff.Load(), "ReadHeaderTimeout cuts off every slow-header client")
	// Streaming keeps the heap to buffers per connection; reading files
	// whole would need 100 × 10 MB for the slow readers alone.
	assert.Less(t, peak-min(peak, base.HeapInuse), uint64(96<<20), "heap the load adds")
}
