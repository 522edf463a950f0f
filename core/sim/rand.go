package sim

import (
	"math/rand/v2"
	"time"
)

// Rand is a seeded source of pseudo-random choices. The same seed always
// yields the same sequence, natively and in WebAssembly.
type Rand struct {
	r *rand.Rand
}

// NewRand returns a Rand seeded with seed.
func NewRand(seed uint64) *Rand {
	return &Rand{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Intn returns a number in [0, n). It returns 0 when n <= 0.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return r.r.IntN(n)
}

// Float64 returns a number in [0.0, 1.0).
func (r *Rand) Float64() float64 { return r.r.Float64() }

// Jitter returns d plus a random extra of up to maxFactor*d, the shape of
// k8s.io/apimachinery's wait.Jitter. A non-positive maxFactor means 1.0.
func (r *Rand) Jitter(d time.Duration, maxFactor float64) time.Duration {
	if maxFactor <= 0 {
		maxFactor = 1.0
	}
	return d + time.Duration(r.Float64()*maxFactor*float64(d))
}
