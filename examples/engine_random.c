/* A Wizard engine in C (C99, libc only): it plays a random legal move.

   It speaks the engine protocol (docs/engine-protocol.md) on stdin and stdout. Build and seat it:

       gcc -std=c99 -O2 -o engine_random examples/engine_random.c
       wizard arena --bots "engine:./engine_random,rulebased,rulebased" --games 3

   The host sends the legal moves as texts ("legal bid 0,bid 1,bid 2" or "legal 7h,Wiz"); the engine picks one with
   the seed of "go movetime MS seed S", so the host can replay the game. Any legal text will do, so it plays the
   special cards too ("Jug>h", "Shp>Wiz", "cloud +1"), and says so to a host of version 2 ("feature special_cards"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 8192

int main(void) {
    static char line[LINE], legal[LINE];
    legal[0] = '\0';
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "wizard-engine ", 14) == 0) {
            /* the versions the host speaks, e.g. "wizard-engine 1 2": version 2 hears of the features */
            int two = 0;
            for (char *word = strtok(line + 14, " "); word; word = strtok(NULL, " ")) two |= strcmp(word, "2") == 0;
            printf("id name engine_random.c\n%sready\n", two ? "feature special_cards\n" : "");
        } else if (strncmp(line, "legal ", 6) == 0) {
            strcpy(legal, line + 6);
        } else if (strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\0')) {
            const char *seed_word = strstr(line, " seed ");
            unsigned long long seed = seed_word ? strtoull(seed_word + 6, NULL, 10) : 0;
            int moves = 1;
            for (const char *c = legal; *c; c++) moves += *c == ',';
            /* one step of a 64-bit LCG (Knuth's MMIX constants) turns the seed into a choice */
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            int pick = (int)((seed >> 33) % (unsigned long long)moves);
            const char *move = legal;
            for (int k = 0; k < pick; k++) move = strchr(move, ',') + 1;
            size_t length = strcspn(move, ",");
            printf("move %.*s\n", (int)length, move);
        } else if (strcmp(line, "quit") == 0) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
