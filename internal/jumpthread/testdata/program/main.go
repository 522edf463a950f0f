// A program that runs the runtime's paths that depend on how functions are
// entered and resumed: goroutine switches, timers, panics from faults,
// stack growth, tracebacks, the collector and finalizers. Its output is the
// same on every run; jumpthread's test runs it before and after threading.
package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

func deep(n int) int {
	var pad [64]byte
	pad[n%64] = byte(n)
	if n == 0 {
		return int(pad[0])
	}
	return deep(n-1) + int(pad[n%64])%3
}

func fault(kind int) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	switch kind {
	case 0:
		var m map[string]int
		m["x"] = 1
	case 1:
		s := []int{1}
		i := 5
		_ = s[i]
	case 2:
		var p *struct{ x int }
		_ = p.x
	case 3:
		panic(errors.New("plain"))
	}
	return "no panic"
}

func collatz(n int) (steps int) {
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

type shape interface{ area() float64 }
type rect struct{ w, h float64 }
type circle struct{ r float64 }

func (r rect) area() float64   { return r.w * r.h }
func (c circle) area() float64 { return 3 * c.r * c.r }

func main() {
	fmt.Println("deep:", deep(3000))
	for k := 0; k < 4; k++ {
		fmt.Println("fault:", fault(k))
	}

	results := make([]int, 16)
	var wg sync.WaitGroup
	ch := make(chan int)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range ch {
				runtime.Gosched()
				results[n] = collatz(n + 1)
			}
		}()
	}
	for n := range results {
		ch <- n
	}
	close(ch)
	wg.Wait()
	fmt.Println("collatz:", results)

	done := make(chan string)
	go func() {
		time.Sleep(5 * time.Millisecond)
		done <- "timer"
	}()
	select {
	case s := <-done:
		fmt.Println("select:", s)
	case <-time.After(10 * time.Second):
		fmt.Println("select: timeout")
	}

	words := map[string]int{}
	for i := 0; i < 2000; i++ {
		words[fmt.Sprintf("w%03d", i%300)] += i
	}
	keys := make([]string, 0, len(words))
	for k := range words {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println("map:", len(keys), keys[0], words[keys[0]], keys[len(keys)-1], words[keys[len(keys)-1]])

	var garbage [][]byte
	for i := 0; i < 2000; i++ {
		garbage = append(garbage, make([]byte, 1024+i))
		if len(garbage) > 100 {
			garbage = garbage[1:]
		}
	}
	finalized := make(chan bool, 1)
	func() {
		x := new([64]byte)
		runtime.SetFinalizer(x, func(*[64]byte) { finalized <- true })
	}()
	runtime.GC()
	runtime.GC()
	select {
	case <-finalized:
		fmt.Println("finalizer: ran")
	case <-time.After(2 * time.Second):
		fmt.Println("finalizer: did not run")
	}

	pcs := make([]uintptr, 8)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	f, _ := frames.Next()
	fmt.Println("caller:", f.Function)

	shapes := []shape{rect{2, 3}, circle{1}, rect{1, 1}}
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].area() < shapes[j].area() })
	var b strings.Builder
	for _, s := range shapes {
		fmt.Fprintf(&b, "%s=%g ", reflect.TypeOf(s).Name(), s.area())
	}
	fmt.Println("shapes:", strings.TrimSpace(b.String()))
	fmt.Fprintln(os.Stderr, "done")
}
