import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;
import kodkod.engine.satlab.SATFactory;

/**
 * Batch front end to the Alloy 6 core for generate.py: one JVM solves many models, with the
 * same calls as /work/alloy-build/Driver.java's `solve` (CompUtil.parseEverything_fromFile
 * with resolution mode 1, TranslateAlloyToKodkod.execute_command, SAT4J, A4Options defaults
 * except symmetry = 0 and noOverflow as asked).
 *
 * Input, one line per job:  FILE<TAB>0|1 (1 = noOverflow)<TAB>CAP<TAB>COUNT_MS
 * Output, one line per job: ok<TAB>SAT|UNSAT<TAB>COUNT|-<TAB>MS<TAB>COMMAND
 *                        or error<TAB>MESSAGE
 * COUNT is the number of solutions A4Solution.next() enumerates (symmetry off); "-" when the
 * enumeration reached CAP or took more than COUNT_MS milliseconds (the verdict stands).
 * Compile: javac -cp /work/alloy-build/alloy.jar -d OUT AlloyBatch.java
 */
public class AlloyBatch {

    static String oneLine(String s) {
        return s == null ? "" : s.replace("\r", "").replace('\n', ' ').replace('\t', ' ').trim();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String job;
        while ((job = in.readLine()) != null) {
            if (job.isEmpty())
                continue;
            String[] p = job.split("\t");
            System.out.println(solve(p[0], p[1].equals("1"), Long.parseLong(p[2]), Long.parseLong(p[3])));
            System.out.flush();
        }
    }

    static String solve(String file, boolean noOverflow, long cap, long countMs) {
        try {
            Map<String,String> loaded = new LinkedHashMap<>();
            CompModule world = CompUtil.parseEverything_fromFile(A4Reporter.NOP, loaded, file, 1);
            List<Command> cmds = world.getAllCommands();
            if (cmds.size() != 1)
                return "error\texpected one command, found " + cmds.size();
            Command cmd = cmds.get(0);
            A4Options opt = new A4Options();
            opt.solver = SATFactory.DEFAULT;
            opt.symmetry = 0;
            opt.noOverflow = noOverflow;
            opt.originalFilename = file;
            long t0 = System.nanoTime();
            A4Solution sol = TranslateAlloyToKodkod.execute_command(A4Reporter.NOP, world.getAllReachableSigs(), cmd, opt);
            boolean sat = sol.satisfiable();
            long n = 0;
            boolean gaveUp = false;
            while (sol.satisfiable()) {
                n++;
                if (n >= cap || (System.nanoTime() - t0) / 1000000 > countMs) {
                    gaveUp = true;
                    break;
                }
                sol = sol.next();
            }
            long ms = (System.nanoTime() - t0) / 1000000;
            if (ms > countMs)
                gaveUp = true;
            return "ok\t" + (sat ? "SAT" : "UNSAT") + "\t" + (gaveUp ? "-" + n : Long.toString(n)) + "\t" + ms + "\t" + oneLine(cmd.toString());
        } catch (Err e) {
            return "error\t" + (e.pos == null ? "?" : e.pos.y + ":" + e.pos.x) + " " + oneLine(e.msg);
        } catch (Throwable e) {
            return "error\t" + oneLine(e.toString());
        }
    }
}
